import Foundation

/// The files of the package's `Templates/` folder (HTML templates, strings, the XSD and JSON
/// Schemas, mapping profiles), compiled into the binary by the EmbedTemplates build plugin, so
/// that one file copied anywhere runs every command. `--templates DIR` and `YIR_TEMPLATES` lie
/// over these file by file (`TemplateFiles`).
public enum BuiltInTemplates {
    /// How the generated source holds a file: UTF-8 text as it is, anything else as base64.
    enum Stored {
        case text(String)
        case base64(String)

        var bytes: [UInt8] {
            switch self {
            case .text(let text): Array(text.utf8)
            case .base64(let encoded): Array(Data(base64Encoded: encoded) ?? Data())
            }
        }
    }

    /// Every file, by its path relative to Templates/ (`html/slides.mustache`, `report.xsd`).
    public static let files: [String: [UInt8]] = stored.mapValues(\.bytes)
}
