import YirCore
import YirReport

/// The last line of a partition's output (`PartitionFormat`):
/// `{"partition": {"parameters": {…}, "inputs": […], "diagnostics": {…}}}`, in the report's
/// own forms, so `render` can check the partitions agree and add up what they read.
struct PartitionTrailer {
    typealias Failure = JSONPullReader.Failure
    var parameters: ReportModel.Parameters
    var inputs: [InputSummary]
    var diagnostics: Diagnostics

    /// `{"partition":` — the trailer's first key, as `PartitionFormat.write` puts it.
    static func isTrailer(_ line: UnsafeRawBufferPointer) -> Bool {
        let prefix = #"{"partition":"#.utf8
        var i = 0
        while i < line.count, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
        return line.count - i >= prefix.count && zip(line[i...], prefix).allSatisfy { $0 == $1 }
    }

    init(_ line: UnsafeRawBufferPointer, zones: ZoneCatalog) throws(Failure) {
        var r = JSONPullReader(line)
        var parameters: ReportModel.Parameters?
        var inputs: [InputSummary]?
        var diagnostics: Diagnostics?
        try r.object { r, key throws(Failure) in
            guard key == "partition" else { return try r.skip() }
            try r.object { r, key throws(Failure) in
                switch key {
                case "parameters": parameters = try Self.parameters(&r, zones: zones)
                case "inputs": inputs = try Self.inputs(&r)
                case "diagnostics": diagnostics = try Self.diagnostics(&r)
                default: try r.skip()
                }
            }
        }
        try r.end()
        guard let parameters, let inputs, let diagnostics else {
            throw r.failure("'parameters', 'inputs' and 'diagnostics' in the trailer")
        }
        // The counts must add up as SPEC §4.1 says. Every count is then at most `lines`, so
        // partitions whose lines add up without overflow add up in every count.
        let d = diagnostics
        let sum = d.accepted.reduce(0, +) + d.rejected.values.reduce(0, +) + d.duplicates + d.ignored  // ≤ 24 · 2^53
        let parts = [
            d.implausibleDuration, d.droppedThumbnails, d.droppedCoordinates, d.afterAsOf, d.cleared, d.outsideWindow,
            d.excludedPage,
        ]
        guard sum == d.lines, parts.allSatisfy({ $0 <= d.lines }), inputs.reduce(0, { $0 + $1.lines }) == d.lines else {
            throw r.failure(
                "trailer diagnostics that add up: lines = accepted + rejected + duplicates + ignored = the inputs' lines"
            )
        }
        self.parameters = parameters
        self.inputs = inputs
        self.diagnostics = diagnostics
    }

    private static func parameters(_ r: inout JSONPullReader, zones: ZoneCatalog) throws(Failure)
        -> ReportModel.Parameters
    {
        var p = ReportModel.Parameters(year: nil, asOf: 0, timeZone: nil, top: 0, profile: "", locale: .auto)
        var asOf: Int64?
        try r.object { r, key throws(Failure) in
            switch key {
            case "year": p.year = try r.optionalInt(in: 1970...2099, "a year of 1970–2099")
            case "as_of":
                let text = try r.string()
                guard case .success(.instant(let t)) = RFC3339.parse(text) else {
                    throw r.failure("an RFC 3339 'as_of'")
                }
                asOf = t
            case "time_zone":
                // `--tz`, which `stats` takes only when it names a zone.
                p.timeZone = try r.optionalString()
                if let name = p.timeZone, zones.rules(for: name) == nil {
                    throw r.failure("an IANA zone or null, not '\(name.prefix(40))'")
                }
            case "top": p.top = try r.count()
            case "profile": p.profile = try r.string()
            case "locale":
                let text = try r.string()
                guard let choice = LocaleChoice(argument: text) else {
                    throw r.failure("'auto' or a BCP 47 tag, not '\(text)'")
                }
                p.locale = choice
            default: try r.skip()
            }
        }
        guard let asOf else { throw r.failure("'as_of' in the trailer's parameters") }
        p.asOf = asOf
        return p
    }

    private static func inputs(_ r: inout JSONPullReader) throws(Failure) -> [InputSummary] {
        var inputs: [InputSummary] = []
        try r.array { r throws(Failure) in
            var input = InputSummary(path: "", bytes: 0, lines: 0)
            try r.object { r, key throws(Failure) in
                switch key {
                case "path": input.path = try r.string()
                case "bytes": input.bytes = Int64(try r.count())
                case "lines": input.lines = try r.count()
                default: try r.skip()
                }
            }
            inputs.append(input)
        }
        return inputs
    }

    private static func diagnostics(_ r: inout JSONPullReader) throws(Failure) -> Diagnostics {
        var d = Diagnostics()
        let counts = Dictionary(uniqueKeysWithValues: [("lines", \Diagnostics.lines)] + Diagnostics.counts)
        try r.object { r, key throws(Failure) in
            switch key {
            case "accepted":
                try r.object { r, name throws(Failure) in
                    guard let type = RecordType.allCases.first(where: { $0.name == name }) else {
                        throw r.failure("a record type, not '\(name)'")
                    }
                    d.accepted[type.rawValue] = try r.count()
                }
            case "rejected":
                try r.object { r, name throws(Failure) in
                    guard let reason = RejectReason(rawValue: name) else {
                        throw r.failure("a reject reason, not '\(name)'")
                    }
                    d.rejected[reason] = try r.count()
                }
            default:
                if let path = counts[key] { d[keyPath: path] = try r.count() } else { try r.skip() }
            }
        }
        return d
    }
}
