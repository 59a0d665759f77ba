import Foundation
import YirCore

/// SPEC §3: a mapping profile — data, not code — that turns another export's events into the
/// native records of §1.2. Each line is matched against the profile's rules in order; the
/// first rule whose `when` holds gives the record type and where each native field comes
/// from. A line no rule matches is ignored (counted, not rejected). The format is documented
/// in docs/PROFILES.md and Templates/profile.schema.json.
public struct MappingProfile: Sendable {
    public var name: String
    public var rules: [Rule]
    /// Paths whose values are strings of JSON (`"parse": {"action_context": "json"}`): paths
    /// that go on through them read inside the parsed JSON.
    public var parsed: Set<Path> = []

    public struct Rule: Sendable {
        public var type: RecordType
        /// Nil: every line matches.
        public var when: Condition?
        /// In the order the native record is written.
        public var fields: [(field: NativeField, source: Source)]
    }

    public struct Condition: Sendable {
        public var path: Path
        /// The path's value must be a string equal to one of these.
        public var equals: [[UInt8]]
    }

    /// A dot path into the line's JSON objects: `properties.$title` → ["properties", "$title"].
    public struct Path: Sendable, Hashable {
        public var keys: [String]
    }

    /// Where a native field's value comes from.
    public struct Source: Sendable {
        /// Alternatives, first present (non-null) wins.
        public var paths: [Path] = []
        /// A constant, used instead of any path.
        public var value: Constant?
        /// Used when no path has a value.
        public var fallback: Constant?
        /// The unit of a number at the source; the native field's own unit is implied.
        public var unit: TimeUnit?
        public var transform: Transform?
        /// String → value table (`"map": {"save_article": "save"}`); unknown strings pass through.
        public var map: [[UInt8]: Constant] = [:]
        /// `timestamp` only: the instant is this many (seconds/milliseconds) earlier —
        /// "start = end − duration".
        public var minus: Minus?
    }

    public struct Minus: Sendable {
        public var paths: [Path]
        public var unit: TimeUnit
    }

    public enum TimeUnit: String, Sendable {
        case seconds, milliseconds
    }

    public enum Transform: String, Sendable {
        /// The host of a URL (`https://en.wikipedia.org/wiki/X` → `en.wikipedia.org`).
        case host
        /// A number written as a string (a numeric user id).
        case text
        /// A Wikimedia language code as its BCP 47 tag (`zh-yue` → `yue`, `simple` → `en`;
        /// `WikiLanguage.codesThatDiffer`); other codes are kept.
        case wikimediaLanguage = "wikimedia_language"
    }

    /// A JSON value from the profile, kept as the JSON text it is written as.
    public struct Constant: Sendable {
        public var json: [UInt8]
    }

    /// The native fields of SPEC §1.2 a profile can fill (`type` comes from the rule).
    public enum NativeField: String, CaseIterable, Sendable {
        case user, timestamp, tz, id, wiki, title, namespace, seconds
        case durationMs = "duration_ms"
        case action, list, thumbnail, key, enabled, locale

        /// The unit the native record expects for a number in this field.
        var nativeUnit: TimeUnit? {
            switch self {
            case .seconds: .seconds
            case .durationMs, .timestamp: .milliseconds
            default: nil
            }
        }
    }

    /// Every distinct path the profile reads, for the line reader.
    var paths: [Path] {
        var all: [Path] = []
        var seen = Set<Path>()
        func add(_ path: Path) { if seen.insert(path).inserted { all.append(path) } }
        for rule in rules {
            if let when = rule.when { add(when.path) }
            for (_, source) in rule.fields {
                source.paths.forEach(add)
                source.minus?.paths.forEach(add)
            }
        }
        return all
    }
}

/// Why a profile file cannot be used: its path and the JSON place of the problem.
public struct ProfileError: Error, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "profile \(path): \(message)" }
}

extension MappingProfile {
    /// Reads and checks a profile file.
    public static func load(path: String) throws(ProfileError) -> MappingProfile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ProfileError(path: path, message: "cannot be read")
        }
        return try parse(data, path: path)
    }

    public static func parse(_ data: Data, path: String) throws(ProfileError) -> MappingProfile {
        func fail(_ message: String) -> ProfileError { ProfileError(path: path, message: message) }
        guard let root = try? JSONSerialization.jsonObject(with: data), let object = root as? [String: Any] else {
            throw fail("not a JSON object")
        }
        guard let name = object["name"] as? String, !name.isEmpty else {
            throw fail("\"name\" must be a non-empty string")
        }
        guard let rules = object["records"] as? [Any], !rules.isEmpty else {
            throw fail("\"records\" must be a non-empty array of rules")
        }
        var profile = MappingProfile(name: name, rules: [])
        if let parse = object["parse"] {
            let shape = fail("\"parse\" must be an object of paths to \"json\": {\"action_context\": \"json\"}")
            guard let parse = parse as? [String: Any] else { throw shape }
            for key in parse.keys.sorted() {
                guard parse[key] as? String == "json" else {
                    throw fail("parse.\(key) must be \"json\", the one format yir parses")
                }
                profile.parsed.insert(try parsePath(key, place: "parse.\(key)", fail))
            }
        }
        for (index, item) in rules.enumerated() {
            let place = "records[\(index)]"
            guard let rule = item as? [String: Any] else { throw fail("\(place) must be an object") }
            guard let typeName = rule["type"] as? String,
                let type = RecordType.allCases.first(where: { $0.name == typeName })
            else {
                throw fail("\(place).type must be one of \(RecordType.allCases.map(\.name).joined(separator: ", "))")
            }
            var parsed = Rule(type: type, when: nil, fields: [])
            if let when = rule["when"] {
                guard let when = when as? [String: Any], let path = when["path"] as? String,
                    let equals = (when["equals"] as? [Any]) ?? (when["equals"] as? String).map({ [$0] }),
                    !equals.isEmpty, equals.allSatisfy({ $0 is String })
                else {
                    throw fail("\(place).when must be {\"path\": \"a.b\", \"equals\": [\"…\"]}")
                }
                parsed.when = Condition(
                    path: try parsePath(path, place: "\(place).when.path", fail),
                    equals: equals.map { Array(($0 as! String).utf8) })
            }
            guard let fields = rule["fields"] as? [String: Any] else { throw fail("\(place).fields must be an object") }
            for key in fields.keys.sorted() {
                guard let field = NativeField(rawValue: key) else {
                    throw fail(
                        "\(place).fields.\(key) is not a field of a record (\(NativeField.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                parsed.fields.append(
                    (field, try parseSource(fields[key]!, field: field, place: "\(place).fields.\(key)", fail)))
            }
            parsed.fields.sort { a, b in
                NativeField.allCases.firstIndex(of: a.field)! < NativeField.allCases.firstIndex(of: b.field)!
            }
            profile.rules.append(parsed)
        }
        return profile
    }

    private static func parsePath(_ text: String, place: String, _ fail: (String) -> ProfileError) throws(ProfileError)
        -> Path
    {
        let keys = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !keys.isEmpty, keys.allSatisfy({ !$0.isEmpty }) else {
            throw fail("\(place): \"\(text)\" is not a dot path")
        }
        guard keys.count <= 8 else { throw fail("\(place): paths go at most 8 objects deep") }
        return Path(keys: keys)
    }

    private static func parsePaths(_ value: Any?, place: String, _ fail: (String) -> ProfileError) throws(ProfileError)
        -> [Path]
    {
        switch value {
        case nil: return []
        case let text as String: return [try parsePath(text, place: place, fail)]
        case let list as [Any]:
            var paths: [Path] = []
            for item in list {
                guard let text = item as? String else { throw fail("\(place) must be a path or a list of paths") }
                paths.append(try parsePath(text, place: place, fail))
            }
            return paths
        default: throw fail("\(place) must be a path or a list of paths")
        }
    }

    private static func constant(_ value: Any, place: String, _ fail: (String) -> ProfileError) throws(ProfileError)
        -> Constant
    {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) else {
            throw fail("\(place) is not a JSON value")
        }
        return Constant(json: Array(data))
    }

    private static func parseSource(
        _ spec: Any, field: NativeField, place: String,
        _ fail: (String) -> ProfileError
    ) throws(ProfileError) -> Source {
        // A bare string is a path: "user": "distinct_id".
        if let text = spec as? String { return Source(paths: [try parsePath(text, place: place, fail)]) }
        guard let spec = spec as? [String: Any] else { throw fail("\(place) must be a path or an object") }
        let known: Set = ["path", "value", "default", "unit", "transform", "map", "minus"]
        if let unknown = spec.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail("\(place).\(unknown) is not a setting (\(known.sorted().joined(separator: ", ")))")
        }
        var source = Source()
        source.paths = try parsePaths(spec["path"], place: "\(place).path", fail)
        if let value = spec["value"] { source.value = try constant(value, place: "\(place).value", fail) }
        if let value = spec["default"] { source.fallback = try constant(value, place: "\(place).default", fail) }
        guard !source.paths.isEmpty || source.value != nil || source.fallback != nil else {
            throw fail("\(place) needs a path, a value or a default")
        }
        if let unit = spec["unit"] {
            guard let name = unit as? String, let parsed = TimeUnit(rawValue: name) else {
                throw fail("\(place).unit must be \"seconds\" or \"milliseconds\"")
            }
            guard field.nativeUnit != nil else {
                throw fail("\(place).unit: \(field.rawValue) is not a duration or a time")
            }
            source.unit = parsed
        }
        if let transform = spec["transform"] {
            guard let name = transform as? String, let parsed = Transform(rawValue: name) else {
                throw fail("\(place).transform must be \"host\", \"text\" or \"wikimedia_language\"")
            }
            source.transform = parsed
        }
        if let map = spec["map"] {
            guard let table = map as? [String: Any] else { throw fail("\(place).map must be an object") }
            for (key, value) in table {
                source.map[Array(key.utf8)] = try constant(value, place: "\(place).map.\(key)", fail)
            }
        }
        if let minus = spec["minus"] {
            guard field == .timestamp else { throw fail("\(place).minus is for timestamp only") }
            let shape = fail("\(place).minus must be {\"path\": \"…\", \"unit\": \"seconds\"}")
            guard let minus = minus as? [String: Any] else { throw shape }
            let paths = try parsePaths(minus["path"], place: "\(place).minus.path", fail)
            guard !paths.isEmpty else { throw shape }
            let unit = (minus["unit"] as? String).flatMap(TimeUnit.init(rawValue:)) ?? .milliseconds
            source.minus = Minus(paths: paths, unit: unit)
        }
        return source
    }
}
