import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL
import YirHTML
import YirReport

/// How `yir images` fetches (SPEC §4.4, decision 146): https only, from the allowed hosts only,
/// a few at a time, each try within a timeout, at most 2 MB, one retry.
public struct PictureFetchSettings: Sendable {
    /// The hosts a picture, and every redirect on its way, may come from.
    public var hosts: ImageHosts
    /// How long one try of one picture may take, its redirects included: from the request to
    /// the body's last byte.
    public var timeout: Duration
    /// Sent with every request (`UserAgent`).
    public var userAgent: String
    /// The file of certificates trusted instead of the system's (`SSL_CERT_FILE`), or nil.
    public var trustRoots: String?
    /// Pictures fetched at a time.
    public var concurrency = 4
    /// The most bytes a picture may have.
    public var maximumBytes = 2_000_000
    /// The most redirects one picture may take.
    public var maximumRedirects = 3
    /// The pause before the one retry.
    public var retryPause: Duration = .seconds(1)

    public init(hosts: ImageHosts, timeout: Duration, userAgent: String, trustRoots: String?) {
        self.hosts = hosts
        self.timeout = timeout
        self.userAgent = userAgent
        self.trustRoots = trustRoots
    }
}

/// What became of one picture.
public struct PictureResult: Sendable {
    public enum Outcome: Sendable {
        /// Fetched and put in the cache: its size.
        case fetched(bytes: Int)
        /// The cache held it already: not requested.
        case cached
        /// Not fetched, and why (after the retry, when one was made).
        case failed(PictureFailure)
    }

    public var url: String
    public var outcome: Outcome
    /// Whether a second try was made.
    public var retried = false
}

/// The run's figures: what the summary line and the metrics say.
public struct PictureSummary: Sendable, Equatable {
    public var fetched = 0
    public var cached = 0
    /// Failures by reason.
    public var failed: [PictureFailure.Reason: Int] = [:]
    /// Bytes of the pictures fetched.
    public var bytes = 0

    public init() {}

    public var failedTotal: Int { failed.values.reduce(0, +) }

    mutating func add(_ result: PictureResult) {
        switch result.outcome {
        case .fetched(let bytes):
            fetched += 1
            self.bytes += bytes
        case .cached: cached += 1
        case .failed(let failure): failed[failure.reason, default: 0] += 1
        }
    }
}

/// Fetches pictures into a `PictureCache` with AsyncHTTPClient. Each URL's failure is a result
/// of its own; only what stops every picture — the cache that cannot be written — throws.
public struct PictureFetcher: Sendable {
    public let settings: PictureFetchSettings
    public let cache: PictureCache

    public init(settings: PictureFetchSettings, cache: PictureCache) {
        self.settings = settings
        self.cache = cache
    }

    /// Fetches each of `urls` (each once) that the cache does not hold yet, `concurrency` at a
    /// time. `onResult` sees every URL's result as it comes, one call at a time; `onRetry` each
    /// failure that is tried again. Throws `OutputError` when a picture cannot be written.
    public func fetch(
        _ urls: [String], onResult: @escaping @Sendable (PictureResult, PictureSummary) -> Void,
        onRetry: @escaping @Sendable (String, PictureFailure) -> Void = { _, _ in }
    ) async throws -> PictureSummary {
        var seen: Set<String> = []
        let urls = urls.filter { seen.insert($0).inserted }
        var summary = PictureSummary()
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration())
        do {
            try await withThrowingTaskGroup(of: PictureResult.self) { group in
                var pending = urls[...]
                var running = 0
                func startNext() {
                    while running < settings.concurrency, let url = pending.popFirst() {
                        if cache.contains(url) {
                            let result = PictureResult(url: url, outcome: .cached)
                            summary.add(result)
                            onResult(result, summary)
                            continue
                        }
                        running += 1
                        group.addTask { try await picture(url, client: client, onRetry: onRetry) }
                    }
                }
                startNext()
                while let result = try await group.next() {
                    running -= 1
                    summary.add(result)
                    onResult(result, summary)
                    startNext()
                }
            }
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
        return summary
    }

    /// The client: redirects followed here, each checked; the trust roots of `SSL_CERT_FILE` or
    /// the system's, certificates always verified.
    func configuration() -> HTTPClient.Configuration {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.minimumTLSVersion = .tlsv12
        tls.certificateVerification = .fullVerification
        if let trustRoots = settings.trustRoots { tls.trustRoots = .file(trustRoots) }
        let timeout = TimeAmount.nanoseconds(Self.nanoseconds(settings.timeout))
        return HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow,
            timeout: .init(connect: timeout, read: timeout), decompression: .disabled)
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// One picture: a try, a second one when the first failed in a way that may pass, then
    /// into the cache.
    func picture(
        _ url: String, client: HTTPClient, onRetry: @Sendable (String, PictureFailure) -> Void
    ) async throws -> PictureResult {
        var outcome = await attempt(url, client: client)
        var retried = false
        if case .failure(let failure) = outcome, failure.retryable {
            onRetry(url, failure)
            try await Task.sleep(for: settings.retryPause)
            outcome = await attempt(url, client: client)
            retried = true
        }
        switch outcome {
        case .success(let bytes):
            try cache.store(bytes, for: url)
            return PictureResult(url: url, outcome: .fetched(bytes: bytes.count), retried: retried)
        case .failure(let failure):
            return PictureResult(url: url, outcome: .failed(failure), retried: retried)
        }
    }

    /// One try of one picture, following its redirects while each leads to https on an allowed host.
    func attempt(_ original: String, client: HTTPClient) async -> Result<[UInt8], PictureFailure> {
        let started = ContinuousClock.now
        let deadline = NIODeadline.now() + .nanoseconds(Self.nanoseconds(settings.timeout))
        var url = original
        var redirects = 0
        let limit = settings.maximumBytes
        do {
            while true {
                var request = HTTPClientRequest(url: url)
                request.headers.add(name: "User-Agent", value: settings.userAgent)
                request.headers.add(name: "Accept", value: "image/*")
                let response = try await client.execute(request, deadline: deadline)
                let status = Int(response.status.code)
                if [301, 302, 303, 307, 308].contains(status) {
                    guard let location = response.headers.first(name: "Location") else {
                        return .failure(PictureFailure(.httpStatus, "HTTP \(status) without a Location"))
                    }
                    let target = URL(string: location, relativeTo: URL(string: url))?.absoluteString ?? location
                    guard settings.hosts.allowedHost(of: target) != nil else {
                        return .failure(
                            PictureFailure(.redirect, "redirected to \(target): not https on an allowed host"))
                    }
                    redirects += 1
                    guard redirects <= settings.maximumRedirects else {
                        return .failure(
                            PictureFailure(.redirect, "more than \(settings.maximumRedirects) redirects"))
                    }
                    url = target
                    continue
                }
                guard status == 200 else {
                    return .failure(PictureFailure(.httpStatus, "HTTP \(status)", retryable: status >= 500))
                }
                let type = response.headers.first(name: "Content-Type")
                guard PictureFormat.isImageType(type) else {
                    return .failure(
                        PictureFailure(
                            .notAnImage, "Content-Type \(type.map { "'\($0)'" } ?? "missing"), not image/*"))
                }
                if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
                    return .failure(
                        PictureFailure(.tooLarge, "Content-Length \(length) bytes, over the limit of \(limit)"))
                }
                var bytes: [UInt8] = []
                for try await chunk in response.body {
                    bytes += chunk.readableBytesView
                    guard bytes.count <= limit else {
                        return .failure(PictureFailure(.tooLarge, "over the limit of \(limit) bytes"))
                    }
                    // The client's read timeout bounds a pause between two chunks; this, a
                    // body that trickles in.
                    guard ContinuousClock.now - started <= settings.timeout else {
                        throw HTTPClientError.deadlineExceeded
                    }
                }
                guard PictureFormat(of: bytes) != nil else {
                    return .failure(PictureFailure(.notAnImage, "the body is no JPEG, PNG, GIF or WebP file"))
                }
                return .success(bytes)
            }
        } catch {
            return .failure(PictureFailure(error, timeout: settings.timeout))
        }
    }
}
