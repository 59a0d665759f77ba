/// What counts as a picture (decision 146): a `Content-Type` of `image/*`, and a body that starts
/// as a JPEG, PNG, GIF or WebP file does — the formats thumbnails come in and the deck's image
/// library reads. A cheap check of the first bytes, not a decoding: it keeps an error page
/// served as `image/jpeg`, or an SVG, out of the cache.
public enum PictureFormat: String, Sendable {
    case jpeg, png, gif, webp

    /// The format `bytes` start as, or nil.
    public init?(of bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<offset + magic.count]) == magic
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else {
            return nil
        }
    }

    /// Whether a `Content-Type` header names an image: `image/…`, parameters aside, in any case.
    public static func isImageType(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("image/")
    }
}
