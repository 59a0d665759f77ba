import Foundation
import YirCore
import YirReport
import YirStats

/// SPEC §6's two steps: `yir stats --format jsonl --partition` on each partition of an export
/// partitioned by user, then `yir render` on all the lines. A partition's output is
///
/// - one line per reader: the reader object of `jsonl`, with `rank` as the partition sees it,
///   and the fields `ReaderFields` declares for partition lines alone — what the renderers
///   need beyond the reader object: every counted article (for the run's `cohort.top_articles`),
///   the views by local hour and weekday, and the days read (for the calendar);
/// - then one trailer line: `{"partition": {"parameters": {…}, "inputs": […], "diagnostics": {…}}}`,
///   so the rendered report carries the same parameters, inputs and diagnostics as one run.
///
/// `render` recomputes the run-level figures (cohort, ranks) over all readers (`Partitions`)
/// and writes through the same renderers as `report`, so its output is the single run's,
/// byte for byte.
public enum PartitionFormat {
    public static func write(_ model: ReportModel, jobs: Int = 1, to write: ([UInt8]) throws -> Void) rethrows {
        try JSONReport.writeLinesWithDetail(model, jobs: jobs, to: write)
        var w = JSONWriter(pretty: false)
        w.object { w in
            w.key("partition")
            w.object { w in
                w.key("parameters")
                JSONReport.writeParameters(model.parameters, &w)
                w.key("inputs")
                JSONReport.writeInputs(model.inputs, &w)
                w.key("diagnostics")
                JSONReport.writeDiagnostics(model.statistics.diagnostics, &w)
            }
        }
        try write(w.takeBytes() + [0x0A])
    }

    public struct ReadError: Error, CustomStringConvertible {
        public var path: String
        public var line: Int
        public var message: String
        public var description: String { "\(path)\(line > 0 ? ":\(line)" : ""): \(message)" }
    }

    /// What the partitions' lines hold: every reader's figures, the run's totals per article,
    /// category and topic,
    /// and what the trailers say of the run. `render` makes the run's figures of them
    /// (`Partitions.merge`).
    public struct Lines: Sendable {
        public var readers: [ReaderStats]
        public var totals: Partitions.RunTotals
        public var parameters: ReportModel.Parameters
        public var inputs: [InputSummary]
        public var diagnostics: Diagnostics
    }

    /// The partitions' lines, parsed on `jobs` threads.
    public static func read(_ files: [(path: String, data: Data)], zones: ZoneCatalog, jobs: Int) throws(ReadError)
        -> Lines
    {
        var readers: [ReaderStats] = []
        var totals = Partitions.RunTotals()
        var parameters: (ReportModel.Parameters, String)?
        var inputs: [InputSummary] = []
        var diagnostics = Diagnostics()
        var trailers = 0
        // Where each file's readers are: their windows are checked once the parameters are known.
        var places: [(path: String, lines: [Int])] = []
        for file in files {
            let parsed = try parseLines(file, zones: zones, jobs: jobs, addingDetailTo: &totals)
            readers += parsed.readers
            places.append((file.path, parsed.lines))
            for (line, trailer) in parsed.trailers {
                trailers += 1
                if let (first, firstPlace) = parameters, first != trailer.parameters {
                    throw ReadError(
                        path: file.path, line: line,
                        message:
                            "made with other parameters than \(firstPlace) (as-of, year, zone, top, profile and locale must be the same for every partition)"
                    )
                }
                if parameters == nil { parameters = (trailer.parameters, "\(file.path):\(line)") }
                // Each count of a trailer is at most its lines (`PartitionTrailer`), so lines and
                // bytes are the sums that could overflow.
                var overflow = diagnostics.lines.addingReportingOverflow(trailer.diagnostics.lines).overflow
                var bytes = inputs.reduce(Int64(0)) { $0 + $1.bytes }
                for input in trailer.inputs where !overflow {
                    (bytes, overflow) = bytes.addingReportingOverflow(input.bytes)
                }
                if overflow {
                    throw ReadError(
                        path: file.path, line: line, message: "the partitions' lines or bytes add up beyond 2^63")
                }
                for input in trailer.inputs {
                    if let i = inputs.firstIndex(where: { $0.path == input.path }) {
                        inputs[i].bytes += input.bytes
                        inputs[i].lines += input.lines
                    } else {
                        inputs.append(input)
                    }
                }
                diagnostics.add(trailer.diagnostics)
            }
        }
        guard let (modelParameters, _) = parameters, trailers > 0 else {
            throw ReadError(
                path: files.map(\.path).joined(separator: ", "), line: 0,
                message: "no partition trailer: make the lines with `yir stats --format jsonl --partition`")
        }
        var index = 0
        for (path, lines) in places {
            for line in lines {
                do throws(Partitions.Contradiction) {
                    try Partitions.checkWindow(
                        of: readers[index], year: modelParameters.year, asOf: modelParameters.asOf)
                } catch {
                    throw ReadError(path: path, line: line, message: "reader line: \(error)")
                }
                index += 1
            }
        }
        return Lines(
            readers: readers, totals: totals, parameters: modelParameters, inputs: inputs,
            diagnostics: diagnostics)
    }

    /// A worker's readers (their detail summed into `totals` as they are read) with their line
    /// numbers, and trailers.
    private typealias ParsedLines = (
        readers: [ReaderStats], lines: [Int], totals: Partitions.RunTotals,
        trailers: [(Int, PartitionTrailer)]
    )

    /// One file's readers with their line numbers, and its trailers; the readers' detail is
    /// added to `runTotals`.
    private static func parseLines(
        _ file: (path: String, data: Data), zones: ZoneCatalog, jobs: Int,
        addingDetailTo runTotals: inout Partitions.RunTotals
    ) throws(ReadError)
        -> (readers: [ReaderStats], lines: [Int], trailers: [(Int, PartitionTrailer)])
    {
        try file.data.withUnsafeBytes {
            (all: UnsafeRawBufferPointer) -> Result<([ReaderStats], [Int], [(Int, PartitionTrailer)]), ReadError> in
            var found: [Range<Int>] = []
            var start = 0
            while start < all.count {
                let end =
                    memchr(all.baseAddress! + start, 0x0A, all.count - start).map { all.baseAddress!.distance(to: $0) }
                    ?? all.count
                found.append(start..<end)
                start = end + 1
            }
            let lines = found
            let workers = max(1, min(jobs, lines.count / 1024 + 1))
            var results = [Result<ParsedLines, ReadError>](
                repeating: .success(([], [], Partitions.RunTotals(), [])), count: workers)
            results.withSharedSlots { results in
                Parallel.perform(workers) { worker in
                    var readers: [ReaderStats] = []
                    var readerLines: [Int] = []
                    var totals = Partitions.RunTotals()
                    var trailers: [(Int, PartitionTrailer)] = []
                    let mine = (lines.count * worker / workers)..<(lines.count * (worker + 1) / workers)
                    // The lines this worker has read are not needed again: their pages go back
                    // as it goes (a mapped file's pages count as the process's memory).
                    var pages = PageRelease(all, from: mine.isEmpty ? 0 : lines[mine.lowerBound].lowerBound)
                    for index in mine {
                        pages.release(upTo: lines[index].lowerBound)
                        let line = UnsafeRawBufferPointer(rebasing: all[lines[index]])
                        if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
                        let fail = { (message: String) in ReadError(path: file.path, line: index + 1, message: message)
                        }
                        do {
                            if PartitionTrailer.isTrailer(line) {
                                trailers.append((index + 1, try PartitionTrailer(line, zones: zones)))
                            } else {
                                var reader = try PartitionFormat.reader(line, zones: zones)
                                try Partitions.takeDetail(of: &reader, into: &totals)
                                readers.append(reader)
                                readerLines.append(index + 1)
                            }
                        } catch let error as JSONPullReader.Failure {
                            results[worker] = .failure(fail("partition trailer: \(error)"))
                            return
                        } catch let error as Partitions.DecodeError {
                            // Reader objects without their detail, in a file with no trailer:
                            // plain `stats --format jsonl` output. Say how to make partition lines.
                            let plain =
                                error.lacksOnlyDetail
                                && !lines.contains {
                                    PartitionTrailer.isTrailer(UnsafeRawBufferPointer(rebasing: all[$0]))
                                }
                            results[worker] = .failure(
                                fail(
                                    plain
                                        ? "these lines were made without --partition: make them with `yir stats --format jsonl --partition`; see docs/SCALE.md"
                                        : error.description))
                            return
                        } catch {
                            results[worker] = .failure(fail("\(error)"))
                            return
                        }
                    }
                    results[worker] = .success((readers, readerLines, totals, trailers))
                }
            }
            var readers: [ReaderStats] = []
            var readerLines: [Int] = []
            var trailers: [(Int, PartitionTrailer)] = []
            for result in results {
                switch result {
                case .success(let (r, l, a, t)):
                    readers += r
                    readerLines += l
                    do throws(Partitions.DecodeError) { try Partitions.add(a, to: &runTotals) } catch {
                        return .failure(ReadError(path: file.path, line: 0, message: error.description))
                    }
                    trailers += t
                case .failure(let error): return .failure(error)
                }
            }
            return .success((readers, readerLines, trailers))
        }.get()
    }
}

/// Gives the pages of a buffer back to the kernel behind a reader that goes through it once, a
/// few megabytes at a time: only whole pages (by address: standard input's buffer is not
/// page-aligned) inside the reader's own range, which it never reads again.
private struct PageRelease {
    /// Address up to which pages were given back (page-aligned).
    private var released: UInt
    private let base: UInt
    private static let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
    private static let step: UInt = 4 << 20

    init(_ buffer: UnsafeRawBufferPointer, from start: Int) {
        base = UInt(bitPattern: buffer.baseAddress)
        released = (base + UInt(start) + Self.page - 1) / Self.page * Self.page
    }

    mutating func release(upTo offset: Int) {
        let end = (base + UInt(offset)) / Self.page * Self.page
        guard base != 0, end >= released + Self.step, let start = UnsafeMutableRawPointer(bitPattern: released) else {
            return
        }
        madvise(start, Int(end - released), MADV_DONTNEED)
        released = end
    }
}
