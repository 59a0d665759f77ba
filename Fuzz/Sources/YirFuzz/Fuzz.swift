import Foundation
import YirCore
import YirIngest

/// One decoder for the whole fuzzing session, so its string tables grow as in a long run.
nonisolated(unsafe) private var decoder = BlockDecoder()

/// A second through a mapping profile that uses every kind of source: nested and alternative
/// paths, defaults, constants, units, host and text transforms, a value table,
/// "start = end − duration" and paths into a string of JSON (SPEC §3).
nonisolated(unsafe) private var mapped = BlockDecoder(
    mapping: try! MappingProfile.parse(
        Data(
            """
            {"name": "fuzz", "parse": {"p.ctx": "json", "p.ctx.inner": "json"}, "records": [
              {"type": "page_view", "when": {"path": "event", "equals": ["view", "$AppPageLeave"]},
               "fields": {"user": {"path": ["u.id", "distinct_id"], "transform": "text"}, "timestamp": {"path": "time", "unit": "seconds"},
                          "tz": "p.tz", "id": {"path": "_id", "transform": "text"}, "title": {"path": ["p.a.b.title", "p.title", "title"]},
                          "wiki": {"path": "p.url", "transform": "host", "default": "app"}, "namespace": {"path": "p.ns", "default": 0},
                          "seconds": {"path": ["p.ms", "p.ctx.ms", "p.ctx.inner.ms"], "unit": "milliseconds"}}},
              {"type": "session", "when": {"path": "event", "equals": "end"},
               "fields": {"timestamp": {"path": "time", "minus": {"path": "p.d", "unit": "seconds"}}, "duration_ms": {"path": "p.d", "unit": "seconds"}}},
              {"type": "saved_article", "when": {"path": "p.kind", "equals": ["pin", "unpin"]},
               "fields": {"timestamp": "time", "wiki": {"value": "x.org"}, "title": "p.title",
                          "action": {"path": "p.kind", "map": {"pin": "save", "unpin": "unsave"}}, "thumbnail": "p.img",
                          "list": "p.ctx.list"}},
              {"type": "notification_subscription", "when": {"path": "event", "equals": ["n"]},
               "fields": {"timestamp": "time", "key": "p.key", "enabled": {"path": "p.on", "default": true}}}
            ]}
            """.utf8), path: "fuzz"))

/// libFuzzer's entry point: the input is a block of JSON Lines. Whatever the bytes, decoding
/// must not crash, must not touch memory it should not (AddressSanitizer watches), and must
/// account for every non-blank line exactly once, as a record or as a rejection.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let outcome = decoder.decode(bytes)
    if outcome.records + outcome.rejections.count != outcome.lines {
        fatalError("lines \(outcome.lines) ≠ records \(outcome.records) + rejections \(outcome.rejections.count)")
    }
    // A type from the file name takes the other path through the decoder.
    _ = decoder.decode(bytes, impliedType: .pageView)
    let translated = mapped.decode(bytes)
    if translated.records + translated.rejections.count + translated.ignored != translated.lines {
        fatalError("mapped: lines \(translated.lines) ≠ records + rejections + ignored")
    }
    return 0
}

// SwiftPM links every executable with `main` aliased to `<Module>_main`, which a library-style
// fuzz target does not define; defining it here and handing control to libFuzzer's driver
// keeps `swift build` usable instead of driving swiftc by hand.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("YirFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return runFuzzerDriver(&argc, &argv) { data, size in
        fuzz(data ?? UnsafePointer(bitPattern: 1)!, size)
    }
}
