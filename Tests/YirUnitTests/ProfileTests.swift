import Foundation
import Testing
import YirTestSupport
@testable import YirIngest

/// SPEC §3: mapping profiles' transforms.
@Suite struct ProfileTests {
    /// The `host` transform reads a URL's authority as RFC 3986 does: user info and port are
    /// not the host, an IPv6 literal is one host in its brackets, case does not matter, and a
    /// fully qualified name's trailing dot is the same name. No host: nil (the `default`).
    @Test(arguments: [
        ("http://[2001:db8::1]:8443/wiki/X", "[2001:db8::1]"), ("http://[2001:DB8::A]/wiki/X", "[2001:db8::a]"),
        ("https://user:pw@[::1]:443/", "[::1]"), ("http://192.0.2.7/wiki/X", "192.0.2.7"),
        ("http://192.0.2.7:8080/wiki/X", "192.0.2.7"), ("https://en.wikipedia.org:443/wiki/X", "en.wikipedia.org"),
        ("https://user:pw@de.wikipedia.org:8443/w?x#y", "de.wikipedia.org"),
        ("https://user@de.wikipedia.org/", "de.wikipedia.org"),
        ("https://user%40home@de.wikipedia.org/", "de.wikipedia.org"),
        ("HTTPS://EN.Wikipedia.ORG/wiki/X", "en.wikipedia.org"),
        ("https://en.wikipedia.org./wiki/X", "en.wikipedia.org"),
        ("https://en.wikipedia.org?x=1", "en.wikipedia.org"), ("https://en.wikipedia.org#top", "en.wikipedia.org"),
        ("https://en.wikipedia.org", "en.wikipedia.org"), ("app://screen", "screen"),
    ])
    func theHostOfAURLIsItsAuthoritysHost(url: String, host: String) {
        let expected = Array(host.utf8)
        #expect(URLHosts.host(ofURL: Array(url.utf8)) == expected)
        var hosts = URLHosts()
        #expect(hosts.host(ofURL: Array(url.utf8)) == expected)
        #expect(hosts.host(ofURL: Array(url.utf8)) == expected, "remembered")
    }

    @Test(arguments: [
        "/wiki/X", "en.wikipedia.org/wiki/X", "https:///x", "https://user@/x", "https://:8080/x",
        "file:///etc/hosts", "mailto:a@b.org", "https://a b.org/x", "https://./x", "",
    ])
    func aURLWithoutAHostHasNone(url: String) {
        #expect(URLHosts.host(ofURL: Array(url.utf8)) == nil)
    }
}
