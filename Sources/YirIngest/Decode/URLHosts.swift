import Foundation

/// A profile's `host` transform: the host of an absolute URL as RFC 3986 §3.2.2 reads its
/// authority — after any user info, before any port, an IPv6 literal kept whole in its
/// brackets — lowercased, without the trailing dot of a fully qualified name. Foundation's
/// `URLComponents` parses; cutting the text at `@` and `:` took `[2001` for the host of
/// `http://[2001:db8::1]:8443/`. One per worker, remembering the hosts of the authorities it
/// has seen: an export names a few sites in millions of URLs, and a parse costs about a
/// microsecond.
struct URLHosts {
    /// Host (nil: none) by the URL's `scheme://authority`.
    private var known: [[UInt8]: [UInt8]?] = [:]
    /// The last URL's, compared in place: neighbouring lines mostly name the same site, and
    /// the table's key would be an array made per line.
    private var last: (key: [UInt8], host: [UInt8]?) = ([], nil)

    mutating func host(ofURL url: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let end = Self.authorityEnd(url) else { return nil }
        let key = UnsafeRawBufferPointer(rebasing: url[..<end])
        if last.key.count == end, last.key.withUnsafeBytes({ $0.elementsEqual(key) }) { return last.host }
        let owned = Array(key)
        let host: [UInt8]?
        if let known = known[owned] {
            host = known
        } else {
            if known.count >= 4096 { known.removeAll(keepingCapacity: true) }  // bounded, whatever the export
            host = Self.parseHost(owned)
            known[owned] = host
        }
        last = (owned, host)
        return host
    }

    mutating func host(ofURL url: [UInt8]) -> [UInt8]? {
        url.withUnsafeBytes { host(ofURL: $0) }
    }

    /// The same, parsed anew each time.
    static func host(ofURL url: [UInt8]) -> [UInt8]? {
        url.withUnsafeBytes { url in authorityEnd(url).flatMap { parseHost(Array(url[..<$0])) } }
    }

    /// Where the authority of `scheme://authority…` ends (RFC 3986 §3.2: at the first `/`, `?`
    /// or `#` after the `//`, else at the end); nil for a URL without one (`mailto:a@b`, a path).
    static func authorityEnd(_ url: UnsafeRawBufferPointer) -> Int? {
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        guard let first = url.first, isLetter(first) else { return nil }
        var i = 1
        while i < url.count,
            isLetter(url[i]) || (url[i] >= 0x30 && url[i] <= 0x39) || url[i] == 0x2B || url[i] == 0x2D || url[i] == 0x2E
        {
            i += 1
        }
        guard url.count >= i + 3, url[i] == UInt8(ascii: ":"), url[i + 1] == UInt8(ascii: "/"),
            url[i + 2] == UInt8(ascii: "/")
        else { return nil }
        return url[(i + 3)...].firstIndex {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        } ?? url.count
    }

    /// The host of `scheme://authority` by `URLComponents`; nil when it is empty or the
    /// authority is not one (`https://a b/`).
    static func parseHost(_ schemeAndAuthority: [UInt8]) -> [UInt8]? {
        guard let text = String(validating: schemeAndAuthority, as: UTF8.self),
            var host = URLComponents(string: text)?.host
        else { return nil }
        if host.hasSuffix(".") { host.removeLast() }  // `en.wikipedia.org.` is `en.wikipedia.org`
        guard !host.isEmpty else { return nil }
        return Array(host.lowercased().utf8)
    }
}
