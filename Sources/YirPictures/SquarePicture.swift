import CYirPictures

/// A thumbnail made into a deck's picture: cropped to a square where libvips' attention finds
/// the subject (a face is not cut through the middle), scaled down, encoded as lossy WebP. The
/// bytes are untrusted — whatever a host served — so only the four formats a wiki's thumbnails
/// come in are read, a file claiming more pixels than a photograph is refused before it is
/// decoded, and a file cut short is no picture.
public enum SquarePicture {
    /// Why a file gave no picture.
    public enum Refusal: Error, Equatable, Sendable {
        /// libvips is not on this machine (Debian: libvips42).
        case noLibrary
        case notAnImage(String)
        case tooLarge(String)

        public var description: String {
            switch self {
            case .noLibrary: "libvips (libvips.so.42) is not installed"
            case .notAnImage(let reason): "not an image (\(reason))"
            case .tooLarge(let reason): "too large (\(reason))"
            }
        }
    }

    /// Whether libvips could be loaded: `--images embed` needs it.
    public static var available: Bool { yir_pictures_available() != 0 }

    /// `file` cropped square, at most `pixels` a side, as WebP at `quality` (0–100).
    public static func make(from file: [UInt8], pixels: Int, quality: Int) -> Result<[UInt8], Refusal> {
        var out: UnsafeMutableRawPointer?
        var size = 0
        var reason = [CChar](repeating: 0, count: 256)
        let status = file.withUnsafeBytes { bytes in
            yir_picture_square(
                bytes.baseAddress, bytes.count, Int32(pixels), Int32(quality), &out, &size, &reason, reason.count)
        }
        defer { yir_picture_free(out) }
        let why = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case YIR_PICTURE_OK:
            guard let out else { return .failure(.notAnImage("no output")) }
            return .success(Array(UnsafeRawBufferPointer(start: out, count: size)))
        case YIR_PICTURE_NO_LIBRARY: return .failure(.noLibrary)
        case YIR_PICTURE_TOO_LARGE: return .failure(.tooLarge(why))
        default: return .failure(.notAnImage(why))
        }
    }
}
