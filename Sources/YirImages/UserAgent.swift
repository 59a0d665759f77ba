import Foundation
import YirReport

/// The User-Agent of `yir images`, as Wikimedia's policy asks of every client
/// (https://meta.wikimedia.org/wiki/User-Agent_policy): the program and its version, a way to
/// reach whoever runs it, and the library it is built on —
/// `yir/0.1.0 (year-in-review reports; ops@example.org) AsyncHTTPClient/1.37.0`.
public enum UserAgent {
    /// The HTTP client's version, as Package.swift requires it.
    public static let clientVersion = "1.37.0"

    /// The header's value; `contact` an e-mail address or URL (`validContact`), or nil.
    public static func value(contact: String?) -> String {
        let comment = ["year-in-review reports", contact].compactMap { $0 }.joined(separator: "; ")
        return
            "\(ReportModel.generatorName)/\(ReportModel.generatorVersion) (\(comment)) AsyncHTTPClient/\(clientVersion)"
    }

    /// Why `contact` cannot go into the header, or nil: 1 to 200 printable ASCII characters,
    /// no parenthesis or semicolon (they would end the comment it stands in).
    public static func refusal(contact: String) -> String? {
        let bytes = contact.utf8
        guard (1...200).contains(bytes.count), bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }),
            !contact.contains(where: { "();".contains($0) }), contact.trimmingCharacters(in: .whitespaces) == contact
        else {
            return "an e-mail address or URL of 1 to 200 printable ASCII characters, without ( ) ;"
        }
        return nil
    }
}
