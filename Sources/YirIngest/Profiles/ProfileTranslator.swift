import YirCore

/// Turns one line of another export into a native record line (SPEC §3), which then goes
/// through the native decoder like any other: every rule of §1.3–1.4 and §2 applies to mapped
/// records unchanged, and a mapped line is rejected for the same reasons a native one is.
/// One per worker; the native line is built in a buffer it reuses.
final class ProfileTranslator {
    enum Outcome {
        /// The native line is in `line`.
        case record
        /// No rule of the profile maps this event.
        case ignored
        /// Not a JSON object, invalid UTF-8 and the like: rejected before any mapping; or a
        /// field read inside a string the profile parses that is not JSON.
        case rejected(RejectReason)
    }

    private let reader: PathReader
    /// The profile's rules with their paths as indices into `reader.resolved` and the bytes
    /// they write made once: looking paths up by name hashed their keys for every field of
    /// every line.
    private let rules: [CompiledRule]
    /// The native line of the last `.record`.
    private(set) var line: [UInt8] = []
    private var hosts = URLHosts()
    /// Why the line being translated is rejected after all: a field read inside a string that
    /// the profile parses and that is not JSON.
    private var failure: RejectReason?

    /// Classes, not structs: handing a field's many arrays and tables around by value retained
    /// and released each of them per field and line (a fifth of the mapped path's time).
    private final class CompiledRule {
        /// `{"type":"page_view"`.
        let opening: [UInt8]
        let when: (path: Int, equals: [[UInt8]])?
        let fields: [CompiledField]

        init(opening: [UInt8], when: (path: Int, equals: [[UInt8]])?, fields: [CompiledField]) {
            self.opening = opening
            self.when = when
            self.fields = fields
        }
    }

    /// A field's `MappingProfile.Source`, its members held one by one: reading one out of a
    /// `Source` held whole copied the whole `Source`.
    private final class CompiledField {
        /// `,"user":`.
        let opening: [UInt8]
        let nativeUnit: MappingProfile.TimeUnit?
        /// The record's time: numbers round down to the millisecond, durations to the nearest.
        let isTime: Bool
        let paths: [Int]
        let value: MappingProfile.Constant?
        let fallback: MappingProfile.Constant?
        let unit: MappingProfile.TimeUnit?
        let transform: MappingProfile.Transform?
        let map: [[UInt8]: MappingProfile.Constant]
        /// `minus`: its paths (none: no `minus`) and unit.
        let minusPaths: [Int]
        let minusUnit: MappingProfile.TimeUnit

        init(field: MappingProfile.NativeField, source: MappingProfile.Source, index: [MappingProfile.Path: Int]) {
            opening = Array(",\"\(field.rawValue)\":".utf8)
            nativeUnit = field.nativeUnit
            isTime = field == .timestamp
            paths = source.paths.map { index[$0]! }
            value = source.value
            fallback = source.fallback
            unit = source.unit
            transform = source.transform
            map = source.map
            minusPaths = source.minus?.paths.map { index[$0]! } ?? []
            minusUnit = source.minus?.unit ?? .milliseconds
        }
    }

    init(profile: MappingProfile) {
        let paths = profile.paths
        reader = PathReader(paths: paths, parsed: profile.parsed)
        let index = Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, $0) })
        rules = profile.rules.map { rule in
            CompiledRule(
                opening: Array("{\"type\":\"\(rule.type.name)\"".utf8),
                when: rule.when.map { (index[$0.path]!, $0.equals) },
                fields: rule.fields.map { CompiledField(field: $0.field, source: $0.source, index: index) })
        }
        line.reserveCapacity(512)
    }

    func translate(_ input: UnsafeRawBufferPointer) -> Outcome {
        if let failure = reader.read(input) { return .rejected(failure.reason) }
        guard let rule = rules.first(where: matches) else { return .ignored }
        failure = nil
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: rule.opening)
        for field in rule.fields {
            let mark = line.count
            line.append(contentsOf: field.opening)
            if !appendValue(field) { line.removeSubrange(mark...) }
        }
        if let failure { return .rejected(failure) }
        append("}")
        return .record
    }

    private func matches(_ rule: CompiledRule) -> Bool {
        guard let when = rule.when else { return true }
        guard let value = resolved(when.path), value.kind == .string else { return false }
        if value.escaped { return when.equals.contains(value.stringBytes) }
        // Compared in place: most lines are tried against several rules.
        let text = value.raw
        return when.equals.contains { candidate in
            candidate.count == text.count
                && candidate.withUnsafeBytes {
                    text.isEmpty || bytesEqual($0.baseAddress!, text.baseAddress!, text.count)
                }
        }
    }

    /// The value at a path; nil when absent or null, or inside a parsed string that is not JSON.
    private func resolved(_ path: Int) -> PathReader.Found? {
        guard let found = reader.resolved[path], found.value.kind != .null else { return nil }
        return found
    }

    /// The first present value of the paths. A path into a parsed string that is not JSON
    /// (or not a string) rejects the line: the field cannot be read.
    private func firstValue(_ paths: [Int]) -> PathReader.Found? {
        for path in paths {
            if reader.parses, let failed = reader.failures[path] {
                failure = failure ?? failed
                return nil
            }
            if let found = resolved(path) { return found }
        }
        return nil
    }

    /// Appends the field's JSON value; false when the field is absent.
    private func appendValue(_ compiled: CompiledField) -> Bool {
        if let constant = compiled.value {
            line.append(contentsOf: constant.json)
            return true
        }
        guard let value = firstValue(compiled.paths) else {
            guard let fallback = compiled.fallback else { return false }
            line.append(contentsOf: fallback.json)
            return true
        }
        if !compiled.map.isEmpty, value.kind == .string, let mapped = compiled.map[value.stringBytes] {
            line.append(contentsOf: mapped.json)
            return true
        }
        switch compiled.transform {
        case .host:
            // A URL holding a control character goes on as written, and the native decoder
            // rejects it in the site's turn (decision 126): the host alone would hide it.
            if value.kind == .string, value.value.hasControlCharacter {
                line.append(contentsOf: value.json)
                return true
            }
            guard value.kind == .string,
                let host = value.escaped ? hosts.host(ofURL: value.stringBytes) : hosts.host(ofURL: value.raw)
            else {
                if let fallback = compiled.fallback {
                    line.append(contentsOf: fallback.json)
                } else {
                    line.append(contentsOf: value.json)
                }
                return true
            }
            appendJSONString(host, to: &line)
            return true
        case .wikimediaLanguage where value.kind == .string:
            let code = String(decoding: value.stringBytes, as: UTF8.self)
            guard let tag = WikiLanguage.codesThatDiffer[code.lowercased()] else { break }
            appendJSONString(Array(tag.utf8), to: &line)
            return true
        case .text where value.kind == .number:
            append("\"")
            line.append(contentsOf: value.json)
            append("\"")
            return true
        default:
            break
        }
        if !compiled.minusPaths.isEmpty,
            let end = milliseconds(value, unit: compiled.unit ?? .milliseconds, rounding: .down),
            let durationValue = firstValue(compiled.minusPaths), durationValue.kind == .number,
            let duration = milliseconds(durationValue, unit: compiled.minusUnit, rounding: .halfAwayFromZero)
        {
            appendInstant(end, minus: duration)
            return true
        }
        if let nativeUnit = compiled.nativeUnit, let unit = compiled.unit, unit != nativeUnit, value.kind == .number {
            appendNumber(value, from: unit, to: nativeUnit, rounding: compiled.isTime ? .down : .halfAwayFromZero)
            return true
        }
        line.append(contentsOf: value.json)
        return true
    }

    /// A time or a duration in milliseconds: a number in `unit`, or (for times) an RFC 3339 string.
    private enum Milliseconds {
        case number(Int64)
        case instant(Int64)
        case wall(Int64)
    }

    private func milliseconds(
        _ value: PathReader.Found, unit: MappingProfile.TimeUnit,
        rounding: FixedPoint.Rounding
    ) -> Milliseconds? {
        switch value.kind {
        case .number:
            let n = FixedPoint(value.raw, scale: unit == .seconds ? 3 : 0, rounding: rounding)
            guard n.magnitude < FixedPoint.limit else { return nil }
            return .number(n.value)
        case .string:
            // The byte-level parser the native path uses, without a String in between.
            switch value.stringBytes.withUnsafeBytes({ RFC3339.parse($0) }) {
            case .success(.instant(let t)): return .instant(t)
            case .success(.wall(let w)): return .wall(w)
            case .failure: return nil
            }
        default:
            return nil
        }
    }

    /// "start = end − duration": an instant as epoch milliseconds, a wall time as a string
    /// without offset (it stays local time, as the native format reads it).
    private func appendInstant(_ end: Milliseconds, minus duration: Milliseconds) {
        guard case .number(let d) = duration else { return }
        switch end {
        case .number(let t), .instant(let t):
            line.append(contentsOf: String(t - d).utf8)
        case .wall(let w):
            var text: [UInt8] = []
            RFC3339.append(w - d, offsetSeconds: 0, to: &text)
            if text.last == UInt8(ascii: "Z") { text.removeLast() }
            append("\"")
            line.append(contentsOf: text)
            append("\"")
        }
    }

    /// A number converted between seconds and milliseconds, exactly (to the millisecond;
    /// instants down, durations to the nearest).
    private func appendNumber(
        _ value: PathReader.Found, from unit: MappingProfile.TimeUnit, to native: MappingProfile.TimeUnit,
        rounding: FixedPoint.Rounding
    ) {
        let n = FixedPoint(value.raw, scale: unit == .seconds ? 3 : 0, rounding: rounding)
        let ms = n.magnitude >= FixedPoint.limit ? FixedPoint.limit : n.value
        line.append(contentsOf: (native == .seconds ? decimalText(ms, scale: 3) : String(ms)).utf8)
    }

    private func append(_ text: StaticString) {
        text.withUTF8Buffer { line.append(contentsOf: $0) }
    }
}

/// Finds the values at a profile's dot paths in one line: the top-level object is scanned (and
/// so validated) once, and each object a path goes into is scanned for the keys wanted there.
/// A string the profile parses (`"parse": {"action_context": "json"}`) is unescaped into a
/// buffer of its own and scanned there like an object of the line.
final class PathReader {
    /// A value and the text its offsets are in: the line, or a parsed string's JSON.
    struct Found {
        var value: JSONScanner.Value
        var text: UnsafeRawBufferPointer

        var kind: JSONScanner.Kind { value.kind }
        var escaped: Bool { value.escaped }

        /// The value's bytes (a string's between its quotes, escapes as written).
        var raw: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: text[value.start..<value.end]) }

        /// The value as JSON text: a string with its quotes and escapes.
        var json: UnsafeRawBufferPointer {
            value.kind == .string ? UnsafeRawBufferPointer(rebasing: text[(value.start - 1)..<(value.end + 1)]) : raw
        }

        /// A string's bytes, escapes decoded.
        var stringBytes: [UInt8] { value.escaped ? JSONScanner.decodeString(text, value) : Array(raw) }
    }

    private final class Node {
        var scanner: JSONScanner
        /// Per key: the index of the path that ends there.
        var ends: [Int?]
        /// Per key: the object a longer path goes into.
        var children: [Node?]
        /// Per key: the value is a string of JSON to parse before going into `children`.
        var parses: [Bool]
        /// Every path that goes through this node, for a parse that fails.
        var paths: [Int] = []
        /// This node's JSON when it is a parsed string's: unescaped, it needs bytes of its own.
        var text: UnsafeMutableRawBufferPointer?

        init(keys: [String]) {
            scanner = JSONScanner(keys: keys)
            ends = Array(repeating: nil, count: keys.count)
            children = Array(repeating: nil, count: keys.count)
            parses = Array(repeating: false, count: keys.count)
        }

        deinit { text?.deallocate() }

        /// `bytes` copied into `text`, grown as needed; the copy.
        func hold(_ bytes: [UInt8]) -> UnsafeRawBufferPointer {
            if (text?.count ?? -1) < bytes.count {
                text?.deallocate()
                text = .allocate(byteCount: max(bytes.count, 256), alignment: 8)
            }
            bytes.withUnsafeBytes { text!.copyMemory(from: $0) }
            return UnsafeRawBufferPointer(rebasing: text![0..<bytes.count])
        }
    }

    private let root: Node
    /// Per path: its value, with the text it is in.
    private(set) var resolved: [Found?]
    /// Per path: why it could not be read — it goes into a parsed string that is not JSON.
    /// All nil for a profile that parses no string.
    private(set) var failures: [RejectReason?]
    /// The profile parses some string.
    let parses: Bool
    /// Scratch space for a parsed string, unescaped.
    private var unescaped: [UInt8] = []

    /// `parsed`: the paths whose string values are JSON to read further paths in.
    init(paths: [MappingProfile.Path], parsed: Set<MappingProfile.Path> = []) {
        resolved = Array(repeating: nil, count: paths.count)
        failures = Array(repeating: nil, count: paths.count)
        parses = !parsed.isEmpty
        func build(_ entries: [(index: Int, keys: ArraySlice<String>)], prefix: [String]) -> Node {
            var keys: [String] = []
            for entry in entries where !keys.contains(entry.keys.first!) { keys.append(entry.keys.first!) }
            let node = Node(keys: keys)
            node.paths = entries.map(\.index)
            for (k, key) in keys.enumerated() {
                let here = entries.filter { $0.keys.first == key }
                node.ends[k] = here.first { $0.keys.count == 1 }?.index
                node.parses[k] = parsed.contains(MappingProfile.Path(keys: prefix + [key]))
                let deeper = here.filter { $0.keys.count > 1 }.map { ($0.index, $0.keys.dropFirst()) }
                if !deeper.isEmpty { node.children[k] = build(deeper, prefix: prefix + [key]) }
            }
            return node
        }
        root = build(paths.enumerated().map { ($0, $1.keys[...]) }, prefix: [])
    }

    /// Scans the line; nil when it is a valid JSON object.
    func read(_ line: UnsafeRawBufferPointer) -> JSONScanner.Failure? {
        for i in resolved.indices { resolved[i] = nil }
        if parses { for i in failures.indices { failures[i] = nil } }
        if let failure = root.scanner.scan(line) { return failure }
        fill(root, line)
        return nil
    }

    private func fill(_ node: Node, _ text: UnsafeRawBufferPointer) {
        for k in node.ends.indices {
            guard let value = node.scanner.values[k] else { continue }
            if let child = node.children[k] {
                if !node.parses[k] {
                    if value.kind == .object {
                        let inner = UnsafeRawBufferPointer(rebasing: text[value.start..<value.end])
                        if child.scanner.scan(inner) == nil { fill(child, inner) }
                    }
                } else if value.kind == .string {
                    JSONScanner.decodeString(text, value, into: &unescaped)
                    let inner = child.hold(unescaped)
                    if let failure = child.scanner.scan(inner) {
                        for path in child.paths { failures[path] = failure.reason }
                    } else {
                        fill(child, inner)
                    }
                } else if value.kind != .null {
                    for path in child.paths { failures[path] = .wrongType }
                }
            }
            if let path = node.ends[k] { resolved[path] = Found(value: value, text: text) }
        }
    }
}
