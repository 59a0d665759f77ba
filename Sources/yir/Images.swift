import ArgumentParser
import Foundation
import Logging
import YirHTML
import YirImages
import YirPipeline
import YirReport

extension Yir {
    /// `yir images`: fills the image cache that `report --images embed` reads (SPEC §4.4,
    /// decisions 145–148) with the thumbnails the run's decks would show.
    struct Images: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Fetch the thumbnails the reader decks would show into the image cache that `report --images embed` reads.",
            discussion: """
                Reads the inputs as `yir report` does, and fetches each distinct thumbnail the run's \
                decks would show into --image-cache DIR (created when missing), each file named by \
                the SHA-256 of its URL: over https from the --image-host hosts only (a redirect \
                elsewhere is that picture's failure), 4 at a time, at most 2 MB each, an image/* \
                answer that is a JPEG, PNG, GIF or WebP file, with one retry for network errors, \
                timeouts and 5xx answers. A picture already in DIR is not fetched again. Each \
                picture that cannot be fetched is logged with its URL and why, and the summary \
                counts them by reason; the run still exits 0. Certificates are checked against \
                the system's trust roots, or against the certificates of the file the SSL_CERT_FILE \
                environment variable names.
                """)

        @OptionGroup var options: RunOptions
        @OptionGroup var imageSource: ImageSourceOptions

        @Option(
            name: .customLong("image-timeout"),
            help: ArgumentHelp(
                "How long one try of one picture may take, from the request to its last byte, redirects included.",
                valueName: "seconds"))
        var imageTimeout: Double = 30

        @Option(
            help: ArgumentHelp(
                "An e-mail address or URL at which the hosts can reach whoever runs yir, sent in the User-Agent as Wikimedia's policy asks.",
                valueName: "text"))
        var contact: String?

        func validate() throws {
            guard imageSource.imageCache != nil else {
                throw ValidationError("--image-cache DIR: the folder to fetch the pictures into")
            }
            guard imageTimeout.isFinite, imageTimeout > 0, imageTimeout <= 3600 else {
                throw ValidationError("--image-timeout: a number of seconds above 0, at most 3600")
            }
            if let contact, let refusal = UserAgent.refusal(contact: contact) {
                throw ValidationError("--contact: \(refusal)")
            }
            _ = try Self.trustRoots()
        }

        /// The file of `SSL_CERT_FILE`, whose certificates are then the only trust roots (the
        /// convention of OpenSSL, curl and Python); nil for the system's. A file that cannot be
        /// read is a usage error, never a fall back to other roots.
        static func trustRoots() throws -> String? {
            guard let path = ProcessInfo.processInfo.environment["SSL_CERT_FILE"], !path.isEmpty else { return nil }
            var status = stat()
            guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, access(path, R_OK) == 0 else {
                throw ValidationError(
                    "SSL_CERT_FILE names \(path), which is not a readable file: give a file of PEM certificates, or unset it for the system's trust roots"
                )
            }
            return path
        }

        func run() throws {
            let settings = PictureFetchSettings(
                hosts: imageSource.imageHosts, timeout: .milliseconds(Int64((imageTimeout * 1000).rounded(.up))),
                userAgent: UserAgent.value(contact: contact), trustRoots: try Self.trustRoots())
            let cache = PictureCache(folder: imageSource.imageCache!)
            let quiet = options.process.quiet
            let contactGiven = contact != nil
            let jobs = options.process.jobs
            try options.run(
                .pictures(cache: cache.folder) { model, log throws(RunError) in
                    try Self.fetch(
                        DeckPictureList.urls(model, hosts: settings.hosts),
                        PictureFetcher(settings: settings, cache: cache),
                        log: log, quiet: quiet, contactGiven: contactGiven)
                    Self.makeSquares(
                        DeckPictureList.uses(model, hosts: settings.hosts), cache: cache.folder, hosts: settings.hosts,
                        jobs: jobs, log: log)
                }, try options.parameters(outputs: []))
        }

        /// Makes the square of each picture the decks show, as `report --images embed` embeds it,
        /// and keeps it in the cache (decision 140): the nightly report then only reads them.
        static func makeSquares(_ uses: [PictureUse], cache: String, hosts: ImageHosts, jobs: Int, log: Logger) {
            guard !uses.isEmpty else { return }
            guard DeckImages.canMakePictures else {
                log.notice(
                    "libvips (libvips.so.42) is not installed: the first `report --images embed` makes the pictures' squares (Debian: apt install libvips42)"
                )
                return
            }
            let made = DeckImages(mode: .embed, hosts: hosts, cache: cache).prepare(uses, jobs: jobs)
            log.info(
                "squares for --images embed: \(made.ready) ready\(made.refused > 0 ? ", \(made.refused) not (not in the cache, or not a picture libvips reads)" : "")"
            )
        }

        /// Fetches `urls` and says how it went: a line per failure, then the summary.
        static func fetch(
            _ urls: [String], _ fetcher: PictureFetcher, log: Logger, quiet: Bool, contactGiven: Bool
        ) throws(RunError) {
            RunMetrics.shared.record(pictures: PictureSummary())
            if !contactGiven, urls.contains(where: { !fetcher.cache.contains($0) }) {
                log.info(
                    "Wikimedia asks every client for contact information in its User-Agent (https://meta.wikimedia.org/wiki/User-Agent_policy): give --contact with an e-mail address or URL"
                )
            }
            log.debug("User-Agent: \(fetcher.settings.userAgent)")
            let progress = ProgressLine(quiet: quiet)
            progress.update(done: 0, of: urls.count, "pictures")
            let outcome = waitFor {
                try await fetcher.fetch(urls) { result, summary in
                    RunMetrics.shared.record(pictures: summary)
                    if case .failed(let failure) = result.outcome {
                        progress.finish()
                        log.warning("\(result.url): \(failure.detail)\(result.retried ? " (tried twice)" : "")")
                    }
                    progress.update(
                        done: summary.fetched + summary.cached + summary.failedTotal, of: urls.count, "pictures")
                } onRetry: { url, failure in
                    log.debug("\(url): \(failure.detail); trying once more")
                }
            }
            progress.finish()
            switch outcome {
            case .success(let summary):
                RunMetrics.shared.record(pictures: summary)
                log.info("\(Self.summaryLine(summary))")
            case .failure(let error as OutputError):
                switch error {
                case .cannotCreate: throw .cannotCreate(error.description)
                case .writeFailed: throw .io(error.description)
                }
            case .failure(let error):
                throw .io("\(error)")
            }
        }

        /// `pictures: fetched 3, already in the cache 2, failed 2 (http_status 1, timeout 1); 5120 bytes written`
        static func summaryLine(_ summary: PictureSummary) -> String {
            let reasons = summary.failed.filter { $0.value > 0 }.sorted { $0.key < $1.key }
                .map { "\($0.key.rawValue) \($0.value)" }
            return
                "pictures: fetched \(summary.fetched), already in the cache \(summary.cached), failed \(summary.failedTotal)"
                + (reasons.isEmpty ? "" : " (\(reasons.joined(separator: ", ")))") + "; \(summary.bytes) bytes written"
        }
    }
}

/// Runs `work` to its end and waits for it: the commands run on the main thread, outside Swift's
/// concurrency, and the HTTP client is asynchronous. The main thread only waits, never runs a
/// task, so no task waits on it.
func waitFor<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> Result<T, any Error> {
    let box = Outcome<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return box.result!
}

/// `waitFor`'s result, written by the task before it signals and read after the wait.
private final class Outcome<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
