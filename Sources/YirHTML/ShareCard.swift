/// What a slide's share card says (SPEC §4.4, "Share cards drawn per slide kind"), taken from
/// the slide's own content rather than from the page: the script draws the card from these
/// texts and from the slide's visual (its map, bars, calendar or embedded picture), so a label
/// is never drawn as a figure and no text is lost to the page's markup. Written into the
/// slide's `data-card`.
struct ShareCard {
    /// The slide's heading.
    var heading: String
    /// The figure drawn largest, and what it counts.
    var figure: String?
    var label: String?
    /// A few lines under the figure, in the order they are drawn.
    var lines: [String] = []
    /// The summary's figures, each with its label, drawn two by two.
    var pairs: [(figure: String, label: String)] = []

    /// The card of a slide: which of its content's texts are the figure, the label and the
    /// lines depends on its kind. A text that introduces a list on the slide (and so ends
    /// with a colon there) is not taken: the card has no list to introduce.
    init(_ slide: SlideDeck.Slide) {
        let c = slide.content
        func text(_ key: String) -> String? { (c[key] as? String).flatMap { $0.isEmpty ? nil : $0 } }
        func title(_ key: String, _ name: String = "title") -> String? {
            (c[key] as? [String: Any]).flatMap { $0[name] as? String }
        }
        heading = slide.heading
        switch slide.kind {
        case "opening":
            lines = [text("window"), text("first_year")].compactMap { $0 }
        case "time":
            (figure, label) = (text("hero"), text("hero_label"))
            if let minutes = text("app_minutes"), let app = text("app_label") { lines = ["\(minutes) \(app)"] }
        case "articles":
            (figure, label, lines) = (text("articles"), text("articles_label"), [text("views")].compactMap { $0 })
        case "first-last":
            // One article opened and closed the year: its title is the card's figure.
            if let same = text("same") {
                (figure, lines) = (title("first"), [same])
            } else {
                lines = [text("first_intro"), title("first"), text("last_intro"), title("last")].compactMap { $0 }
            }
        case "top":
            (figure, lines) = (title("top_article", "article_title"), [text("top_minutes")].compactMap { $0 })
        case "topics":
            (figure, lines) = (text("top_topic"), [text("top_topic_articles")].compactMap { $0 })
        case "categories":
            lines = (c["categories"] as? [[String: Any]] ?? []).prefix(3).compactMap { $0["subject_name"] as? String }
        case "languages":
            (figure, label) = (text("hero"), text("hero_label"))
            lines = (c["languages"] as? [[String: Any]] ?? []).prefix(3).compactMap { $0["language_name"] as? String }
        case "patterns":
            (figure, lines) = (text("time_of_day"), [text("hour")].compactMap { $0 })
        case "monthly":
            lines = [text("best")].compactMap { $0 }
        case "rabbit-hole":
            (figure, label, lines) = (text("hole_articles"), text("hole_label"), [text("hole_when")].compactMap { $0 })
        case "change":
            (figure, label) = (text("change_figure"), text("change_label"))
            lines = [text("change_text"), title("stayed", "article_title")].compactMap { $0 }
        case "rank":
            (figure, lines) = (text("percent"), [text("rank_text")].compactMap { $0 })
        case "few":
            lines = (c["few_list"] as? [[String: Any]] ?? []).prefix(3).compactMap { $0["article_title"] as? String }
        case "notifications":
            lines = (c["groups"] as? [[String: Any]] ?? []).flatMap { group in
                (group["items"] as? [[String: Any]] ?? []).compactMap { $0["notification"] as? String }
            }
        case "summary":
            heading = text("summary_year") ?? heading
            pairs = (c["highlights"] as? [[String: Any]] ?? []).compactMap { pair in
                guard let figure = pair["highlight_value"] as? String, let label = pair["highlight_label"] as? String
                else { return nil }
                return (figure, label)
            }
            lines = [text("summary_top") ?? text("summary_thanks")].compactMap { $0 }
        case "ending":
            lines = [text("ending_text")].compactMap { $0 }
        default:
            // The slides whose content names its figure `hero` (places, streak, longest read,
            // saves, saves waiting, edits), with the line under it.
            (figure, label) = (text("hero"), text("hero_label"))
            let line = ["countries", "range", "recently", "empty", "waiting_call", "edits_pages"].lazy.compactMap(text)
                .first
            lines = [line ?? title("article")].compactMap { $0 }
        }
    }

    /// The card as JSON (`h` heading, `f` figure, `l` label, `t` lines, `p` figure–label
    /// pairs), for a single-quoted attribute: `&`, `'`, `<` and `>` escaped by byte, like every
    /// text of the page (a mark after one does not hide it), and JSON's quotes left as they are.
    var attributeValue: String {
        var json = "{\"h\":" + Self.json(heading)
        if let figure { json += ",\"f\":" + Self.json(figure) }
        if let label { json += ",\"l\":" + Self.json(label) }
        if !lines.isEmpty { json += ",\"t\":[" + lines.map(Self.json).joined(separator: ",") + "]" }
        if !pairs.isEmpty {
            let cells = pairs.map { "[" + Self.json($0.figure) + "," + Self.json($0.label) + "]" }
            json += ",\"p\":[" + cells.joined(separator: ",") + "]"
        }
        json += "}"
        var out = ""
        for character in json.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "'": out += "&#39;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// A JSON string: quotes, backslashes and control characters escaped; the isolation marks
    /// of a title inside a sentence are kept, so the card lays it out as the page does.
    static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n", "\r", "\t": out += " "
            default:
                if scalar.value < 0x20 { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
