import YirHTML
import YirReport

/// What `yir images` fetches: every picture the run's decks would show on the allowed hosts
/// (`DeckPictures.uses`), each URL once, in the readers' order and each deck's.
public enum DeckPictureList {
    public static func urls(_ model: ReportModel, hosts: ImageHosts) -> [String] {
        var seen: Set<String> = []
        var urls: [String] = []
        for reader in model.statistics.readers {
            for use in DeckPictures.uses(reader, hosts: hosts) where seen.insert(use.url).inserted {
                urls.append(use.url)
            }
        }
        return urls
    }
}
