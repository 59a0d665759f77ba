import YirHTML
import YirReport

/// What `yir images` fetches: every picture the run's decks would show on the allowed hosts
/// (`DeckPictures.uses`), each URL once, in the readers' order and each deck's.
public enum DeckPictureList {
    public static func urls(_ model: ReportModel, hosts: ImageHosts) -> [String] {
        var seen: Set<String> = []
        return uses(model, hosts: hosts).map(\.url).filter { seen.insert($0).inserted }
    }

    /// Each picture at each size the decks show it at, once: the squares `report --images embed`
    /// embeds.
    public static func uses(_ model: ReportModel, hosts: ImageHosts) -> [PictureUse] {
        var seen: Set<PictureUse> = []
        return model.statistics.readers.flatMap { DeckPictures.uses($0, hosts: hosts) }.filter {
            seen.insert($0).inserted
        }
    }
}
