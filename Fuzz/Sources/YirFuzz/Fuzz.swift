import YirCore
import YirIngest

/// One decoder for the whole fuzzing session, so its string tables grow as in a long run.
nonisolated(unsafe) private var decoder = BlockDecoder()

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
