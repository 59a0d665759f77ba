import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL

/// Why one picture was not fetched: a finding of the run, logged with its URL and counted by
/// reason, never a stop (SPEC §4.4: one bad picture leaves its illustration in its place).
public struct PictureFailure: Error, Sendable, Equatable {
    /// The kinds of failure, as the log's summary and the metrics' `reason` label name them.
    public enum Reason: String, Sendable, CaseIterable, Comparable {
        /// The host answered with a status other than 200 (or a redirect without a place to go).
        case httpStatus = "http_status"
        /// No whole answer within `--image-timeout`, or no connection in that time.
        case timeout
        /// Over the size limit, by its `Content-Length` or by the bytes read.
        case tooLarge = "too_large"
        /// A `Content-Type` that is not `image/*`, or a body that is no JPEG, PNG, GIF or WebP file.
        case notAnImage = "not_an_image"
        /// A redirect to a URL that is not https on an allowed host, or too many of them.
        case redirect
        /// The TLS handshake failed: a certificate not trusted, a name that does not match.
        case tls
        /// The connection failed or was closed before the answer was whole.
        case network

        public static func < (a: Reason, b: Reason) -> Bool { a.rawValue < b.rawValue }
    }

    public var reason: Reason
    /// What happened, in words, for the log line after the URL.
    public var detail: String
    /// Whether a second try may go otherwise: network errors, timeouts and 5xx answers.
    public var retryable: Bool

    public init(_ reason: Reason, _ detail: String, retryable: Bool = false) {
        self.reason = reason
        self.detail = detail
        self.retryable = retryable
    }

    /// The failure an error of the HTTP client or its TLS stands for.
    init(_ error: any Error, timeout: Duration) {
        let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
        let seconds = milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
        if let failure = error as? PictureFailure {
            self = failure
        } else if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .tlsHandshakeTimeout, .writeTimeout,
                .getConnectionFromPoolTimeout:
                self.init(.timeout, "no answer within \(seconds) (\(error))", retryable: true)
            default:
                self.init(.network, "\(error)", retryable: true)
            }
        } else if let error = error as? NIOSSLError, error == .uncleanShutdown {
            self.init(.network, "the connection was closed before the answer was whole", retryable: true)
        } else if let error = error as? NIOSSLError {
            self.init(.tls, "TLS error: \(Self.tlsText(error))")
        } else if error is BoringSSLError || error is NIOSSLExtraError {
            self.init(.tls, "TLS error: \(error)")
        } else if let error = error as? IOError {
            self.init(.network, "connection failed: \(String(cString: strerror(error.errnoCode)))", retryable: true)
        } else {
            self.init(.network, "connection failed: \(error)", retryable: true)
        }
    }

    /// BoringSSL's reason without its error stack's numbers: `handshakeFailed(CERTIFICATE_VERIFY_FAILED)`.
    static func tlsText(_ error: NIOSSLError) -> String {
        guard case .handshakeFailed(.sslError(let stack)) = error, !stack.isEmpty else { return "\(error)" }
        let reasons = stack.map { entry -> String in
            // "Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED
            // at …/handshake.cc:320": the reason is the last field before the place.
            var text = "\(entry)"
            if let place = text.range(of: " at ", options: .backwards) { text = String(text[..<place.lowerBound]) }
            return String(text.split(separator: ":").last ?? Substring(text)).trimmingCharacters(in: .whitespaces)
        }
        return "handshake failed: \(reasons.joined(separator: ", "))"
    }
}
