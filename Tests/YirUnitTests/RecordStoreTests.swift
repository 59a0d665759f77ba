import Synchronization
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirIngest
@testable import YirStats

@Suite struct RecordStoreTests {
    /// ReaderActivity's contract: each list holds the reader's records in input order. Staged
    /// records span several blocks, readers interleave, and the readers are cut into stores of
    /// one, several and none of this kind's records; every reader still gets exactly its own
    /// records, in the order they came.
    @Test func groupingByReaderKeepsEachReadersRecordsInInputOrder() {
        let readerCount = 300
        let staged = StagedRecords<AppSession>()
        var expected = [[AppSession]](repeating: [], count: readerCount)
        var state: UInt64 = 7
        for n in 0..<(2 * 8192 + 123) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            // Readers 250 and up get nothing: a store whose readers have none of this kind.
            let reader = Int(state >> 33) % 250
            let session = AppSession(time: .instant(Int64(n)), milliseconds: Int64(reader))
            staged.append(session, reader: reader)
            expected[reader].append(session)
        }
        var readers = (0..<readerCount).map { ReaderActivity(user: Int32($0)) }
        let starts = staged.starts(readers: readerCount)
        #expect(starts.last == 2 * 8192 + 123)
        let pieces = [0..<1, 1..<140, 140..<250, 250..<readerCount]
        let memory = staged.group(starts: starts, pieces: pieces, readers: &readers, span: \.sessions)
        #expect(memory.map { $0 == nil } == [false, false, false, true])
        let wrong = readers.indices.filter { Array(readers[$0].sessions) != expected[$0] }
        #expect(wrong.isEmpty, "readers whose records differ")
        #expect(staged.count == 0, "the staged blocks are freed")
        for block in memory { block?.deallocate() }
    }

    /// The statistics free a store of records once every one of its readers is done, and not
    /// before: blocks of readers finish in any order and may straddle stores.
    @Test func aStoreIsFreedOnceAllItsReadersAreDoneAndNotBefore() {
        let stores = [0..<3, 3..<10, 10..<11].map { RecordStore(readers: $0, memory: []) }
        let unfinished = Mutex(stores.map(\.readers.count))
        func released() -> [Bool] { stores.map(\.isReleased) }
        Statistics.finished(8..<11, of: stores, unfinished)
        #expect(released() == [false, false, true])
        Statistics.finished(0..<2, of: stores, unfinished)
        #expect(released() == [false, false, true])
        Statistics.finished(2..<8, of: stores, unfinished)
        #expect(released() == [true, true, true])
    }

    /// docs/PERFORMANCE.md's bytes per record and per reader: millions are kept, so a field
    /// order that leaves a gap costs megabytes.
    @Test func recordsWeighWhatTheMemoryTableSays() {
        #expect(MemoryLayout<PageView>.stride == 24)
        #expect(MemoryLayout<AppSession>.stride == 24)
        #expect(MemoryLayout<SaveAction>.stride == 24)
        #expect(MemoryLayout<RecordTime>.stride == 16)
        #expect(MemoryLayout<NotificationChange>.stride == 16)
        #expect(MemoryLayout<EditAction>.stride == 24)
        #expect(MemoryLayout<ReaderActivity>.stride == 128)
    }
}
