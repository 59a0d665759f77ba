import Testing

@testable import YirHTML

/// What a slide's share card says is taken from the slide's content by its kind.
@Suite struct ShareCardTests {
    @Test func aCardsFigureIsTheSlidesHeroAndItsLabelIsKeptApart() {
        let card = ShareCard(
            SlideDeck.Slide("streak", "Your longest streak", ["hero": "3", "hero_label": "days in a row"]))
        #expect(card.figure == "3")
        #expect(card.label == "days in a row")
    }

    @Test func aCardLeavesOutTheLeadThatIntroducesTheSlidesList() {
        let card = ShareCard(
            SlideDeck.Slide(
                "notifications", "Notifications",
                [
                    "notifications_label": "You turned these on:",
                    "groups": [["group_heading": "On", "items": [["notification": "Reading reminders"]]]],
                ]))
        #expect(card.lines == ["Reading reminders"])
    }

    @Test func theCardsDataEscapesWhatWouldEndItsAttribute() {
        let card = ShareCard(
            SlideDeck.Slide("top", "Top", ["top_article": ["article_title": "Rock 'n' Roll & \"Blues\""]]))
        #expect(card.attributeValue == #"{"h":"Top","f":"Rock &#39;n&#39; Roll &amp; \"Blues\""}"#)
    }

    @Test func theSummarysCardCarriesItsFiguresInPairs() {
        let card = ShareCard(
            SlideDeck.Slide(
                "summary", "Your year at a glance",
                [
                    "summary_year": "My 2025 in reading",
                    "highlights": [["highlight_value": "371", "highlight_label": "minutes reading"]],
                ]))
        #expect(card.heading == "My 2025 in reading")
        #expect(card.pairs.map(\.figure) == ["371"])
    }
}
