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
        /// Not a JSON object, invalid UTF-8 and the like: rejected before any mapping.
        case rejected(RejectReason)
    }

    private let reader: PathReader
    /// The profile's rules with their paths as indices into `reader.resolved` and the bytes
    /// they write made once: looking paths up by name hashed their keys for every field of
    /// every line.
    private let rules: [CompiledRule]
    /// The native line of the last `.record`.
    private(set) var line: [UInt8] = []
    private var source = UnsafeRawBufferPointer(start: nil, count: 0)
    private var hosts = URLHosts()

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
        reader = PathReader(paths: paths)
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
        source = input
        defer { source = UnsafeRawBufferPointer(start: nil, count: 0) }
        guard let rule = rules.first(where: matches) else { return .ignored }
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: rule.opening)
        for field in rule.fields {
            let mark = line.count
            line.append(contentsOf: field.opening)
            if !appendValue(field) { line.removeSubrange(mark...) }
        }
        append("}")
        return .record
    }

    private func matches(_ rule: CompiledRule) -> Bool {
        guard let when = rule.when else { return true }
        guard let value = resolved(when.path), value.kind == .string else { return false }
        if value.escaped { return when.equals.contains(stringBytes(value)) }
        // Compared in place: most lines are tried against several rules.
        let text = raw(value)
        return when.equals.contains { candidate in
            candidate.count == text.count
                && candidate.withUnsafeBytes { text.isEmpty || bytesEqual($0.baseAddress!, text.baseAddress!, text.count) }
        }
    }

    private func resolved(_ path: Int) -> JSONScanner.Value? {
        guard let value = reader.resolved[path], value.kind != .null else { return nil }
        return value
    }

    private func firstValue(_ paths: [Int]) -> JSONScanner.Value? {
        for path in paths { if let value = resolved(path) { return value } }
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
        if !compiled.map.isEmpty, value.kind == .string, let mapped = compiled.map[stringBytes(value)] {
            line.append(contentsOf: mapped.json)
            return true
        }
        switch compiled.transform {
        case .host:
            guard value.kind == .string, let host = hosts.host(ofURL: stringBytes(value)) else {
                if let fallback = compiled.fallback { line.append(contentsOf: fallback.json) } else { appendRaw(value) }
                return true
            }
            appendJSONString(host, to: &line)
            return true
        case .text where value.kind == .number:
            append("\"")
            appendRaw(value)
            append("\"")
            return true
        default:
            break
        }
        if !compiled.minusPaths.isEmpty, let end = milliseconds(value, unit: compiled.unit ?? .milliseconds, rounding: .down),
           let durationValue = firstValue(compiled.minusPaths), durationValue.kind == .number,
           let duration = milliseconds(durationValue, unit: compiled.minusUnit, rounding: .halfAwayFromZero) {
            appendInstant(end, minus: duration)
            return true
        }
        if let nativeUnit = compiled.nativeUnit, let unit = compiled.unit, unit != nativeUnit, value.kind == .number {
            appendNumber(value, from: unit, to: nativeUnit, rounding: compiled.isTime ? .down : .halfAwayFromZero)
            return true
        }
        appendRaw(value)
        return true
    }

    /// A time or a duration in milliseconds: a number in `unit`, or (for times) an RFC 3339 string.
    private enum Milliseconds {
        case number(Int64)
        case instant(Int64)
        case wall(Int64)
    }

    private func milliseconds(_ value: JSONScanner.Value, unit: MappingProfile.TimeUnit,
                              rounding: FixedPoint.Rounding) -> Milliseconds? {
        switch value.kind {
        case .number:
            let n = FixedPoint(raw(value), scale: unit == .seconds ? 3 : 0, rounding: rounding)
            guard n.magnitude < FixedPoint.limit else { return nil }
            return .number(n.value)
        case .string:
            // The byte-level parser the native path uses, without a String in between.
            switch stringBytes(value).withUnsafeBytes({ RFC3339.parse($0) }) {
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
    private func appendNumber(_ value: JSONScanner.Value, from unit: MappingProfile.TimeUnit, to native: MappingProfile.TimeUnit,
                              rounding: FixedPoint.Rounding) {
        let n = FixedPoint(raw(value), scale: unit == .seconds ? 3 : 0, rounding: rounding)
        let ms = n.magnitude >= FixedPoint.limit ? FixedPoint.limit : n.value
        line.append(contentsOf: (native == .seconds ? decimalText(ms, scale: 3) : String(ms)).utf8)
    }

    private func raw(_ value: JSONScanner.Value) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: source[value.start..<value.end])
    }

    /// The value as it is written in the line (a string with its quotes and escapes).
    private func appendRaw(_ value: JSONScanner.Value) {
        if value.kind == .string {
            line.append(contentsOf: UnsafeRawBufferPointer(rebasing: source[(value.start - 1)..<(value.end + 1)]))
        } else {
            line.append(contentsOf: raw(value))
        }
    }

    private func stringBytes(_ value: JSONScanner.Value) -> [UInt8] {
        value.escaped ? JSONScanner.decodeString(source, value) : Array(raw(value))
    }

    private func append(_ text: StaticString) {
        text.withUTF8Buffer { line.append(contentsOf: $0) }
    }
}

/// Finds the values at a profile's dot paths in one line: the top-level object is scanned (and
/// so validated) once, and each object a path goes into is scanned for the keys wanted there.
final class PathReader {
    private final class Node {
        var scanner: JSONScanner
        /// Per key: the index of the path that ends there.
        var ends: [Int?]
        /// Per key: the object a longer path goes into.
        var children: [Node?]

        init(keys: [String]) {
            scanner = JSONScanner(keys: keys)
            ends = Array(repeating: nil, count: keys.count)
            children = Array(repeating: nil, count: keys.count)
        }
    }

    private let root: Node
    /// Per path: its value, offsets into the whole line.
    private(set) var resolved: [JSONScanner.Value?]

    init(paths: [MappingProfile.Path]) {
        resolved = Array(repeating: nil, count: paths.count)
        func build(_ entries: [(index: Int, keys: ArraySlice<String>)]) -> Node {
            var keys: [String] = []
            for entry in entries where !keys.contains(entry.keys.first!) { keys.append(entry.keys.first!) }
            let node = Node(keys: keys)
            for (k, key) in keys.enumerated() {
                let here = entries.filter { $0.keys.first == key }
                node.ends[k] = here.first { $0.keys.count == 1 }?.index
                let deeper = here.filter { $0.keys.count > 1 }.map { ($0.index, $0.keys.dropFirst()) }
                if !deeper.isEmpty { node.children[k] = build(deeper) }
            }
            return node
        }
        root = build(paths.enumerated().map { ($0, $1.keys[...]) })
    }

    /// Scans the line; nil when it is a valid JSON object.
    func read(_ line: UnsafeRawBufferPointer) -> JSONScanner.Failure? {
        for i in resolved.indices { resolved[i] = nil }
        if let failure = root.scanner.scan(line) { return failure }
        fill(root, line, base: 0)
        return nil
    }

    private func fill(_ node: Node, _ buffer: UnsafeRawBufferPointer, base: Int) {
        for k in node.ends.indices {
            guard var value = node.scanner.values[k] else { continue }
            if let child = node.children[k], value.kind == .object {
                let inner = UnsafeRawBufferPointer(rebasing: buffer[value.start..<value.end])
                if child.scanner.scan(inner) == nil { fill(child, inner, base: base + value.start) }
            }
            value.start += base
            value.end += base
            if let path = node.ends[k] { resolved[path] = value }
        }
    }
}
