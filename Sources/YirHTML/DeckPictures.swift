import Crypto
import YirStats

/// How the decks show the thumbnails an export carries (SPEC §4.4). A deck is private by
/// default: no picture, no request to any host.
public enum ImageMode: String, Sendable, CaseIterable {
    /// The slides' own illustrations, and an image policy that allows no host.
    case none
    /// Real pictures read from an image cache, cropped square and inlined: still no request.
    case embed
    /// The reader's browser fetches each thumbnail from the allowed hosts, which the page's
    /// policy names and no other.
    case remote
}

/// The hosts thumbnails may come from (`--image-host`): which of an export's thumbnail URLs a
/// deck may show, `yir images` may fetch and the page's policy allows. A host is matched whole
/// (`upload.wikimedia.org`, or `host:port` for a server on another port): no subdomain, no
/// other port, no user name in the URL, https only.
public struct ImageHosts: Sendable, Equatable {
    public static let defaultHosts = ["upload.wikimedia.org"]

    /// Lowercase, each once, in the order given.
    public let hosts: [String]

    /// nil when a name is no host (`refusal` says why).
    public init?(_ names: [String]) {
        var hosts: [String] = []
        for name in names {
            let host = name.lowercased()
            guard Self.refusal(host) == nil else { return nil }
            if !hosts.contains(host) { hosts.append(host) }
        }
        guard !hosts.isEmpty else { return nil }
        self.hosts = hosts
    }

    /// Why `name` is not a host `--image-host` takes, or nil: a host name (letters, digits,
    /// hyphens, dots), an IPv4 address, or `localhost`, with an optional `:port`.
    public static func refusal(_ name: String) -> String? {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let host = parts.first, !host.isEmpty, host.utf8.count <= 253 else {
            return "a host name, with an optional :port"
        }
        if parts.count == 2 {
            guard let port = Int(parts[1]), (1...65535).contains(port), parts[1].first != "0" else {
                return "a port from 1 to 65535"
            }
        }
        return ArticleLinks.hasHostLabels(host.lowercased()) ? nil : "a host name, with an optional :port"
    }

    /// The `host[:port]` of an `https://` URL that may be shown, or nil: another scheme, a user
    /// name, a host not listed, a URL over 2,048 bytes or with a space or control character.
    public func allowedHost(of url: String) -> String? {
        let bytes = url.utf8
        guard bytes.count <= 2048, bytes.allSatisfy({ $0 > 32 && $0 != 127 }) else { return nil }
        let scheme = "https://"
        guard url.utf8.count > scheme.utf8.count, url.prefix(scheme.count).lowercased() == scheme else { return nil }
        let rest = url.dropFirst(scheme.count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else { return nil }
        var host = authority.lowercased()
        if host.hasSuffix(":443") { host.removeLast(4) }
        return hosts.contains(host) ? host : nil
    }

    /// Whether a deck may show `url` at all.
    public func allows(_ url: String) -> Bool { allowedHost(of: url) != nil }

    /// The image sources of a page's policy: each host exactly, over https.
    var policySources: String { hosts.map { "https://\($0)" }.joined(separator: " ") }
}

/// A picture a deck shows, and the square it is drawn in, in pixels: the top article's at
/// 192, a save's at 96 (twice the size they are laid out at, for high-density screens).
public struct PictureUse: Hashable, Sendable {
    public let url: String
    public let pixels: Int

    public static let topPixels = 192
    public static let savePixels = 96

    /// The file a thumbnail is kept in, in an image cache: the SHA-256 of its URL's bytes, in
    /// lowercase hex — the same name whoever fetched it.
    public static func cacheFileName(for url: String) -> String {
        SHA256.hash(data: Array(url.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}

/// Which thumbnails a reader's deck shows, in one place for the slides that show them and for
/// `yir images`, which fetches what the decks would show and nothing else.
public enum DeckPictures {
    /// The top article's picture: its page views' lead image, else the one its save carried.
    static func top(_ reader: ReaderStats) -> String? {
        guard let top = reader.topArticles.first else { return nil }
        return top.thumbnail ?? reader.saved.recent.lazy.filter { $0.name == top.name }.compactMap(\.thumbnail).first
    }

    /// Every picture `reader`'s deck would show on these hosts, in the deck's order: the top
    /// article's, then the recent saves', then the saves still waiting; each use once.
    public static func uses(_ reader: ReaderStats, hosts: ImageHosts) -> [PictureUse] {
        var uses: [PictureUse] = []
        func add(_ url: String?, _ pixels: Int) {
            guard let url, hosts.allows(url) else { return }
            let use = PictureUse(url: url, pixels: pixels)
            if !uses.contains(use) { uses.append(use) }
        }
        add(top(reader), PictureUse.topPixels)
        for save in reader.saved.recent { add(save.thumbnail, PictureUse.savePixels) }
        for save in reader.saved.unread.articles { add(save.thumbnail, PictureUse.savePixels) }
        return uses
    }
}
