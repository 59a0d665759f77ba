import Foundation
import Testing
import YirTestSupport
@testable import YirIngest

/// An input shortened while it is read, in this process: what the map reads and reports.
@Suite struct ChangingInputTests {
    /// In this process: a read past the end of a shortened file, through a watched map, reads
    /// zeros instead of raising SIGBUS, and the map reports the change.
    @Test func aReadOfAShortenedMappedFileReadsZerosAndIsReported() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let path = scratchFolder().appendingPathComponent("mapped.jsonl").path
        try Data(repeating: 0x41, count: 3 * page).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let snapshot = try #require(FileSnapshot(descriptor: descriptor, path: path))
        let mapped = try #require(MappedFile(descriptor: descriptor, snapshot: snapshot))
        #expect(mapped.bytes[2 * page] == 0x41)
        #expect(truncate(path, page) == 0)
        #expect(mapped.bytes[page - 1] == 0x41, "before the new end: the file's")
        #expect(mapped.bytes[2 * page + 1] == 0, "past it: zeros, not SIGBUS")
        #expect(throws: InputError.changedWhileRead(path: path, change: sizeChange(3 * page, page))) {
            try mapped.checkUnchanged()
        }
    }
}
