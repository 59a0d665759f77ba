import YirCore
import YirIngest

/// Records → SPEC §2.3 figures for one reader. Pure: no I/O, no shared state. A class so that
/// calls do not copy (and retain) its parts; each stats worker has its own (`forWorker`).
/// Public for the rules `render` checks partition lines by (`Partitions.checkAgreement`).
public final class ReaderCalculator: Sendable {
    /// The catalog's strings as plain memory: no reference counting per call (see `CatalogNames`).
    let catalog: CatalogNames
    let zoneRules: [ZoneRules]
    let parameters: StatsParameters
    /// By article id: whether its title is one of `--exclude-title`'s. Looked up per page
    /// view, so an array read rather than a set's hashing.
    let excludedArticles: [Bool]
    /// By id in `Catalog.locales`: the tag in its conventional case.
    let locales: [LanguageTag]
    /// By wiki id: the wiki's language, when its domain names one.
    let wikiLanguages: [LanguageTag?]
    /// By wiki id: its language's subtag as an index in `languageSubtags`, or -1: a reader's
    /// `languages` are summed by these, with no tag parsed or text compared per article.
    let wikiLanguageIDs: [Int32]
    let languageSubtags: [String]
    /// The articles' categories, topics, places and thumbnails.
    let attributes: AttributeTables

    init(catalog: Catalog, zoneRules: [ZoneRules], parameters: StatsParameters, excludedTitles: Set<Int32>) {
        self.catalog = catalog.names()
        attributes = AttributeTables(
            catalog, excludedCategories: parameters.excludedCategories,
            keepAllCategories: parameters.keepAllCategories, jobs: parameters.jobs)
        self.zoneRules = zoneRules
        self.parameters = parameters
        // Only well-formed tags are referred to by readers; others came from rejected lines.
        locales = (0..<catalog.locales.count).map { LanguageTag(catalog.locales.string(Int32($0))) ?? .english }
        let wikiLanguages = (0..<catalog.wikis.count).map { WikiLanguage.of(domain: catalog.wikis.string(Int32($0))) }
        self.wikiLanguages = wikiLanguages
        (wikiLanguageIDs, languageSubtags) = Self.languageIDs(wikiLanguages)
        let mainPagesOfWiki = Self.mainPageTitles(parameters.mainPages, catalog: catalog, wikiLanguages: wikiLanguages)
        excludedArticles = (0..<catalog.articles.count).map { id in
            let article = catalog.articles[id]
            return excludedTitles.contains(article.title) || mainPagesOfWiki[Int(article.wiki)].contains(article.title)
        }
    }

    /// Each wiki's language subtag as an index in the list of distinct subtags (-1: none).
    static func languageIDs(_ wikiLanguages: [LanguageTag?]) -> (ids: [Int32], subtags: [String]) {
        var subtags: [String] = []
        var idOfSubtag: [String: Int32] = [:]
        let ids = wikiLanguages.map { tag -> Int32 in
            guard let subtag = tag?.language else { return -1 }
            if let id = idOfSubtag[subtag] { return id }
            idOfSubtag[subtag] = Int32(subtags.count)
            subtags.append(subtag)
            return Int32(subtags.count - 1)
        }
        return (ids, subtags)
    }

    /// By wiki id: the title ids of the wiki's main page (SPEC §2.2 v4) that some article bears;
    /// a language may have more than one (a main page renamed), most have one or none.
    static func mainPageTitles(_ mainPages: [MainPage], catalog: Catalog, wikiLanguages: [LanguageTag?]) -> [[Int32]] {
        var titlesOfLanguage: [String: [Int32]] = [:]
        for page in mainPages {
            if let id = catalog.titles.lookup(Normalization.title(page.title)) {
                titlesOfLanguage[page.language, default: []].append(id)
            }
        }
        return wikiLanguages.map { language in language.flatMap { titlesOfLanguage[$0.language] } ?? [] }
    }

    private init(
        catalog: CatalogNames, zoneRules: [ZoneRules], parameters: StatsParameters, excludedArticles: [Bool],
        locales: [LanguageTag], wikiLanguages: [LanguageTag?], wikiLanguageIDs: [Int32], languageSubtags: [String],
        attributes: AttributeTables
    ) {
        self.wikiLanguageIDs = wikiLanguageIDs
        self.languageSubtags = languageSubtags
        self.attributes = attributes
        self.catalog = catalog
        self.zoneRules = zoneRules
        self.parameters = parameters
        self.excludedArticles = excludedArticles
        self.locales = locales
        self.wikiLanguages = wikiLanguages
    }

    /// A calculator of its own for one worker thread: the same rules, with zones and tables
    /// in objects and buffers no other thread retains (see `ZoneRules.copy`).
    func forWorker() -> ReaderCalculator {
        var parameters = parameters
        parameters.zoneOverride = parameters.zoneOverride?.copy()
        parameters.fallbackZone = parameters.fallbackZone.copy()
        return ReaderCalculator(
            catalog: catalog, zoneRules: zoneRules.map { $0.copy() }, parameters: parameters,
            excludedArticles: excludedArticles.withUnsafeBufferPointer { Array($0) },
            locales: locales, wikiLanguages: wikiLanguages,
            wikiLanguageIDs: wikiLanguageIDs.withUnsafeBufferPointer { Array($0) }, languageSubtags: languageSubtags,
            attributes: attributes)
    }

    /// Buffers one worker reuses from reader to reader: a reader's figures pass through a
    /// dozen small arrays, and allocating them afresh for each reader was a good part of the
    /// statistics stage's time. After `compute`, `totals` holds the reader's counted totals
    /// per article (for the cohort).
    struct Scratch {
        fileprivate var counted: [(article: Int32, milliseconds: Int64, at: Int64)] = []
        fileprivate var days: [Int64] = []
        fileprivate var dayMilliseconds: [Int64] = []
        private(set) var totals: [ArticleTotals] = []
        fileprivate var articleMilliseconds: [Int64] = []
        fileprivate var hours = [Int](repeating: 0, count: 24)
        fileprivate var weekdays = [Int](repeating: 0, count: 8)
        fileprivate var months = [Int](repeating: 0, count: 13)
        fileprivate var monthMilliseconds = [Int64](repeating: 0, count: 13)
        /// The articles of the counted views of the year before.
        fileprivate var previousArticles: [Int32] = []
        /// `counted`'s indices in timestamp order, for the sittings.
        fileprivate var order: [Int32] = []
        /// By article id: the last sitting it was seen in. Sittings are numbered on through
        /// every reader of the worker, so the array is never set back.
        fileprivate var sittingOfArticle: [Int64] = []
        fileprivate var sittings: Int64 = 0
        /// Reading time per wiki, for the language of a reader with no `locale`.
        fileprivate var wikiMilliseconds: [(wiki: Int32, milliseconds: Int64)] = []
        /// After `compute`: every category and topic of the reader's, in id order, for the
        /// run's totals.
        fileprivate(set) var categoryTotals: [SubjectCount] = []
        fileprivate(set) var topicTotals: [SubjectCount] = []
        /// After `compute`: the reader's seconds per language, by id in `languageSubtags`, for
        /// the run's totals.
        fileprivate(set) var languageTotals: [(id: Int32, articles: Int, milliseconds: Int64)] = []
        /// The category and topic names this worker's readers were shown, kept for the next.
        fileprivate var shownNames = ShownNames()
        fileprivate mutating func keepNoSubjects() {
            categoryTotals.clearKeepingCapacity()
            topicTotals.clearKeepingCapacity()
        }

        /// Sets the buffers back for the next reader. It runs once per reader, and an export
        /// can hold a reader per line: each list is emptied without a call when it holds one
        /// element or none (`clearKeepingCapacity`) and the tables are zeroed in one pass each.
        fileprivate mutating func reset() {
            counted.clearKeepingCapacity()
            previousArticles.clearKeepingCapacity()
            days.clearKeepingCapacity()
            dayMilliseconds.clearKeepingCapacity()
            totals.clearKeepingCapacity()
            articleMilliseconds.clearKeepingCapacity()
            hours.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            weekdays.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            months.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            monthMilliseconds.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }

        /// By article id: the index of its totals in `totals`, or -1. Kept for the next reader
        /// with only its own entries set back, so grouping a reader's views is one array read
        /// each rather than a sort.
        fileprivate var totalsOfArticle: [Int32] = []

        /// Groups the counted views by article, in order of each article's first view.
        fileprivate mutating func total(articleCount: Int) {
            if totalsOfArticle.count < articleCount {
                totalsOfArticle = [Int32](repeating: -1, count: articleCount)
            }
            for view in counted {
                var index = Int(totalsOfArticle[Int(view.article)])
                if index < 0 {
                    index = totals.count
                    totalsOfArticle[Int(view.article)] = Int32(index)
                    totals.append(ArticleTotals(article: view.article))
                }
                totals[index].add(milliseconds: view.milliseconds, at: view.at)
            }
        }

        /// Sets back the entries `total` set, once the reader's figures no longer look
        /// articles up in `totals`.
        fileprivate mutating func forgetTotals() {
            for t in totals { totalsOfArticle[Int(t.article)] = -1 }
        }
    }

    /// The figures; records that did not count are added to `skipped` by reason (one
    /// `Diagnostics` per worker: a new one per reader would allocate). The reader's counted
    /// totals per article are left in `scratch.totals`.
    ///
    /// One step per figure group of SPEC §2.3, each after those it reads: the windows and the
    /// history clear; the counted page views, and from them reading, the top articles, the
    /// patterns, the streak and the rabbit hole; the year before; app time; the language; saved;
    /// the year's first, last and longest views and its languages; notifications. The steps are
    /// inlined into this function, which runs once per reader: split, they cost no calls, copies
    /// or retains.
    func compute(_ activity: ReaderActivity, scratch: inout Scratch, skipped: inout Diagnostics) -> ReaderStats {
        scratch.reset()
        let window = window(of: activity, skipped: &skipped)
        let counted = countPageViews(activity, in: window, scratch: &scratch, skipped: &skipped)
        let reading = reading(milliseconds: counted.milliseconds, scratch: &scratch)
        let totals = scratch.totals
        let (patterns, monthly, activityFigures) = patterns(scratch)
        let streak = streak(&scratch)
        let rabbitHole = Self.longestSitting(&scratch, articleCount: excludedArticles.count)
        let previousYear = Self.previousYear(
            milliseconds: counted.previousMilliseconds, articles: &scratch.previousArticles)
        let appTime = appTime(activity, in: window, skipped: &skipped)
        let language = language(of: activity, totals: totals, wikis: &scratch.wikiMilliseconds)
        let indexOfArticle = scratch.totalsOfArticle
        let saved = savedFigures(
            activity, zone: window.zone, instant: { window.instant($0) },
            asOfLocal: window.asOfLocal, yearWindow: window.year,
            lastCountedView: { article in
                let index = Int(indexOfArticle[Int(article)])
                return index < 0 ? nil : totals[index].lastViewed
            }, skipped: &skipped)
        let moments = Self.moments(scratch.counted)
        let languages = languages(totals, into: &scratch.languageTotals)
        let notifications = notificationFigures(activity, instant: { window.instant($0) }, skipped: &skipped)
        var topArticles = ArticleTotals.top(totals, count: parameters.top, catalog: catalog)
        var categories: [SubjectTotal] = [], topics: [SubjectTotal] = [], places: Places?
        // Only readers whose views carry attributes have any of these: the others pay nothing.
        if activity.viewAttributes.isEmpty {
            scratch.keepNoSubjects()
        } else {
            let subjects = subjects(
                activity, in: window, totals: totals, indexOfArticle: scratch.totalsOfArticle,
                allCategories: &scratch.categoryTotals, allTopics: &scratch.topicTotals, topArticles: &topArticles,
                names: &scratch.shownNames)
            (categories, topics, places) = (subjects.categories, subjects.topics, subjects.places)
        }
        scratch.forgetTotals()

        return ReaderStats(
            user: catalog.users.string(activity.user), zone: window.zone, locale: language,
            window: window.reported,
            coverage: window.coverage(firstView: scratch.counted.lazy.map(\.at).min()),
            reading: reading,
            topArticles: topArticles,
            categories: categories, topics: topics, places: places,
            appTime: appTime, patterns: patterns, monthly: monthly, streak: streak,
            rabbitHole: rabbitHole,
            previousYear: previousYear,
            readingChange: previousYear.flatMap { Self.change(reading.milliseconds, against: $0.milliseconds) },
            saved: saved, edits: edits(activity, in: window, skipped: &skipped), notifications: notifications,
            rankTopPercent: nil,
            activity: activityFigures,
            articles: parameters.keepArticleTotals
                ? ArticleTotals.top(totals, count: totals.count, catalog: catalog) : nil,
            allCategories: parameters.keepArticleTotals
                ? SubjectCount.ordered(scratch.categoryTotals, names: attributes.categoryNames, catchAll: nil).map {
                    $0.total(named: attributes.categoryNames)
                } : nil,
            allTopics: parameters.keepArticleTotals
                ? SubjectCount.ordered(
                    scratch.topicTotals, names: attributes.topicNames, catchAll: attributes.catchAllTopics
                ).map {
                    $0.total(named: attributes.topicNames)
                } : nil,
            firstArticle: moments.first, lastArticle: moments.last, longestView: moments.longest,
            languageShares: languages)
    }

    /// SPEC §2.3 v4 `first_article`, `last_article` and `longest_view` from the counted views
    /// (in input order): the first and the last in timestamp order, equal timestamps in input
    /// order, and the one with the most time, ties to the earlier timestamp, then input order.
    @inline(__always)
    static func moments(_ counted: [(article: Int32, milliseconds: Int64, at: Int64)])
        -> (first: ArticleMoment?, last: ArticleMoment?, longest: LongestView?)
    {
        guard var first = counted.first else { return (nil, nil, nil) }
        var last = first, longest = first
        for view in counted.dropFirst() {
            if view.at < first.at { first = view }
            if view.at >= last.at { last = view }
            if view.milliseconds > longest.milliseconds
                || (view.milliseconds == longest.milliseconds && view.at < longest.at)
            {
                longest = view
            }
        }
        return (
            ArticleMoment(name: .catalog(first.article), at: first.at),
            ArticleMoment(name: .catalog(last.article), at: last.at),
            longest.milliseconds > 0
                ? LongestView(name: .catalog(longest.article), milliseconds: longest.milliseconds, at: longest.at)
                : nil
        )
    }

    /// SPEC §2.3 v4 `languages`: the counted articles' wikis' languages (a wiki without one is
    /// left out), with the articles and seconds of each.
    @inline(__always)
    private func languages(
        _ totals: [ArticleTotals], into sums: inout [(id: Int32, articles: Int, milliseconds: Int64)]
    ) -> LanguageShares {
        // Most readers read in one or two languages: a short list beats a dictionary per reader.
        sums.clearKeepingCapacity()
        for total in totals {
            let id = wikiLanguageIDs[Int(catalog.wiki(ofArticle: total.article))]
            guard id >= 0 else { continue }
            if let i = sums.firstIndex(where: { $0.id == id }) {
                sums[i].articles += 1
                sums[i].milliseconds += total.milliseconds
            } else {
                sums.append((id, 1, total.milliseconds))
            }
        }
        func share(_ sum: (id: Int32, articles: Int, milliseconds: Int64)) -> LanguageShare {
            LanguageShare(
                language: languageSubtags[Int(sum.id)], articles: sum.articles, milliseconds: sum.milliseconds)
        }
        guard !sums.isEmpty else { return LanguageShares() }
        // Sorted where they were summed, so that only the shares after the first are an array.
        if sums.count > 1 { sums.sort { LanguageShare.precedes(share($0), share($1)) } }
        return LanguageShares(share(sums[0]), others: sums.dropFirst().map(share))
    }

    /// SPEC §2.1: the reader's zone Z (`--tz`, else their latest record's, else the fallback),
    /// the year window W, the latest history clear at or before A, and the same part of the
    /// year before (`previous_year`). History clears after A are counted as `after_as_of`.
    @inline(__always)
    private func window(of activity: ReaderActivity, skipped: inout Diagnostics) -> ReaderWindow {
        let asOf = parameters.asOf
        let zone =
            parameters.zoneOverride
            ?? (activity.zone >= 0 ? zoneRules[Int(activity.zone)] : nil)
            ?? parameters.fallbackZone
        let asOfLocal = zone.local(asOf)
        let year = parameters.year ?? asOfLocal.date.year
        let windowStart = zone.instant(
            fromWall: CivilDate(year: year, month: 1, day: 1).daysSinceEpoch * millisecondsPerDay)
        let nextYear = zone.instant(
            fromWall: CivilDate(year: year + 1, month: 1, day: 1).daysSinceEpoch * millisecondsPerDay)

        // The latest history clear at or before A (SPEC §2.1).
        var clear: Int64?
        for time in activity.historyClears {
            let t = ReaderWindow.instant(time, in: zone)
            if t > asOf { skipped.afterAsOf += 1 } else { clear = max(clear ?? t, t) }
        }

        // The same part of the year before (SPEC §2.3 `previous_year`): to the same local date
        // and time as the window's end, or the whole year when the window is whole.
        let previousStart = zone.instant(
            fromWall: CivilDate(year: year - 1, month: 1, day: 1).daysSinceEpoch * millisecondsPerDay)
        let previousEnd = asOf >= nextYear ? windowStart : zone.instant(fromWall: Self.wallOneYearBefore(asOfLocal))
        // Empty when the as-of instant lies before the report year (`--year` in the future).
        let previousYear = previousStart..<max(previousStart, previousEnd)
        return ReaderWindow(
            zone: zone, asOf: asOf, asOfLocal: asOfLocal, year: windowStart..<nextYear, clear: clear,
            previousYear: previousYear)
    }

    /// SPEC §2.2's counted page views, into `scratch`: each one's article, time and instant
    /// (for the totals per article and the sittings), the views per local hour, weekday and
    /// month, their local days (and each one's time, when the activity is kept). Returns their
    /// reading time, and that of the views the year before counts (their articles go to
    /// `scratch.previousArticles`).
    @inline(__always)
    private func countPageViews(
        _ activity: ReaderActivity, in window: ReaderWindow, scratch: inout Scratch,
        skipped: inout Diagnostics
    ) -> (milliseconds: Int64, previousMilliseconds: Int64) {
        var readingMilliseconds: Int64 = 0
        var previousMilliseconds: Int64 = 0
        let keepActivity = parameters.keepActivity
        for view in activity.pageViews {
            let t = window.instant(view.time)
            guard window.counts(t, skipped: &skipped) else {
                // Still `outside_window` in the diagnostics; counted by §2.2's rules for the year before.
                if window.countsForPreviousYear(t) && view.isArticle && !excludedArticles[Int(view.article)] {
                    scratch.previousArticles.append(view.article)
                    previousMilliseconds += view.milliseconds
                }
                continue
            }
            guard view.isArticle, !excludedArticles[Int(view.article)] else {
                skipped.excludedPage += 1
                continue
            }
            scratch.counted.append((view.article, view.milliseconds, t))
            readingMilliseconds += view.milliseconds
            let local = window.zone.local(t)
            let date = local.date
            scratch.hours[local.hour] += 1
            scratch.weekdays[local.weekday] += 1
            scratch.months[date.month] += 1
            scratch.monthMilliseconds[date.month] += view.milliseconds
            scratch.days.append(local.day)
            if keepActivity { scratch.dayMilliseconds.append(view.milliseconds) }
        }
        return (readingMilliseconds, previousMilliseconds)
    }

    /// SPEC §2.3 `reading`: the counted views grouped by article (left in `scratch.totals`),
    /// with the average and the median time per article.
    @inline(__always)
    private func reading(milliseconds: Int64, scratch: inout Scratch) -> ReaderStats.Reading {
        scratch.total(articleCount: excludedArticles.count)  // one flag per article
        let totals = scratch.totals
        scratch.articleMilliseconds.append(contentsOf: totals.lazy.map(\.milliseconds))
        scratch.articleMilliseconds.sort()
        return ReaderStats.Reading(
            milliseconds: milliseconds, views: scratch.counted.count, articles: totals.count,
            averageSecondsPerArticle: .seconds(
                milliseconds: totals.isEmpty ? 0 : roundedQuotient(milliseconds, Int64(totals.count))),
            medianSecondsPerArticle: Self.median(scratch.articleMilliseconds))
    }

    /// SPEC §2.3 `patterns` and `monthly`, from the counted views per hour, weekday and month;
    /// with the activity kept (the HTML charts, partitions), the views per hour and weekday and
    /// the reading per day.
    @inline(__always)
    private func patterns(_ scratch: Scratch)
        -> (patterns: ReaderStats.Patterns, monthly: [ReaderStats.Month], activity: ReaderStats.Activity?)
    {
        let patterns = ReaderStats.Patterns(
            hour: Self.mostFrequent(scratch.hours, in: 0...23), weekday: Self.mostFrequent(scratch.weekdays, in: 1...7),
            month: Self.mostFrequent(scratch.months, in: 1...12))
        let monthly = (1...12).map {
            ReaderStats.Month(month: $0, milliseconds: scratch.monthMilliseconds[$0], views: scratch.months[$0])
        }
        let activity =
            parameters.keepActivity
            ? ReaderStats.Activity(
                hourViews: scratch.hours, weekdayViews: Array(scratch.weekdays[1...]),
                days: Self.dailyTotals(scratch.days, scratch.dayMilliseconds))
            : nil
        return (patterns, monthly, activity)
    }

    /// SPEC §2.3 `streak`, from the counted views' local days (sorted here: after the daily
    /// totals, which pair them with each view's time).
    @inline(__always)
    private func streak(_ scratch: inout Scratch) -> ReaderStats.Streak {
        scratch.days.sort()
        return Self.longestStreak(sortedDays: scratch.days)
    }

    /// SPEC §2.3 `app_time`: the sessions in the window, not cleared.
    @inline(__always)
    private func appTime(_ activity: ReaderActivity, in window: ReaderWindow, skipped: inout Diagnostics)
        -> ReaderStats.AppTime
    {
        var milliseconds: Int64 = 0
        var sessions = 0
        for session in activity.sessions where window.counts(window.instant(session.time), skipped: &skipped) {
            milliseconds += session.milliseconds
            sessions += 1
        }
        return ReaderStats.AppTime(
            milliseconds: milliseconds, sessions: sessions,
            averageSessionSeconds: .seconds(
                milliseconds: sessions == 0 ? 0 : roundedQuotient(milliseconds, Int64(sessions))))
    }

    /// The reader's language L (SPEC §2.1): `--locale`'s tag; else the `locale` of the latest
    /// record that names one; else the language of the wiki with the most counted reading time
    /// (on equal times the wiki first in byte order), when its domain names one; else English.
    /// `wikis` is scratch space, kept from reader to reader: an allocation per reader was a
    /// measurable share of the statistics.
    func language(
        of activity: ReaderActivity, totals: [ArticleTotals],
        wikis: inout [(wiki: Int32, milliseconds: Int64)]
    ) -> LanguageTag {
        if case .fixed(let tag) = parameters.locale { return tag }
        if activity.locale >= 0 { return locales[Int(activity.locale)] }
        // Most readers read one or two wikis: a short list beats a dictionary per reader.
        wikis.clearKeepingCapacity()
        for total in totals {
            let wiki = catalog.wiki(ofArticle: total.article)
            if let i = wikis.firstIndex(where: { $0.wiki == wiki }) {
                wikis[i].milliseconds += total.milliseconds
            } else {
                wikis.append((wiki, total.milliseconds))
            }
        }
        let top = wikis.min { a, b in
            a.milliseconds != b.milliseconds ? a.milliseconds > b.milliseconds : catalog.wikis.precedes(a.wiki, b.wiki)
        }
        return top.flatMap { wikiLanguages[Int($0.wiki)] } ?? .english
    }

    /// The same local month, day and clock time one year earlier; 29 February gives 28 February.
    static func wallOneYearBefore(_ local: LocalTime) -> Int64 {
        let date = local.date
        let day = date.month == 2 && date.day == 29 ? 28 : date.day
        return CivilDate(year: date.year - 1, month: date.month, day: day).daysSinceEpoch * millisecondsPerDay
            + local.millisecondOfDay
    }

    /// `previous_year` from the counted views' time and articles (sorted here to count the
    /// distinct ones); nil without any.
    static func previousYear(milliseconds: Int64, articles: inout [Int32]) -> ReaderStats.PreviousYear? {
        guard !articles.isEmpty else { return nil }
        let views = articles.count
        articles.sort()
        var distinct = 1
        for i in articles.indices.dropFirst() where articles[i] != articles[i - 1] { distinct += 1 }
        return ReaderStats.PreviousYear(milliseconds: milliseconds, views: views, articles: distinct)
    }

    /// `change.reading_seconds`: `current / previous − 1` to three decimals, the ratio rounded
    /// half up; nil when the year before has no reading time.
    public static func change(_ current: Int64, against previous: Int64) -> FixedDecimal? {
        guard previous > 0 else { return nil }
        let (scaled, overflow) = current.multipliedReportingOverflow(by: 1000)
        // Beyond 2^63 / 1000 ms (292,000 years of reading) only a hostile export goes: there
        // the ratio is approximate, and held within 64 bits.
        let thousandths =
            overflow
            ? Int64(min((Double(current) / Double(previous) * 1000).rounded(), Double(Int64.max / 2)))
            : roundedQuotient(scaled, previous)
        return FixedDecimal(thousandths - 1000, scale: 3)
    }

    /// SPEC §2.3 `rabbit_hole`: the counted views in timestamp order (input order on equal
    /// timestamps) cut into sittings wherever a view starts more than 30 minutes after the
    /// latest end so far; the sitting with the most distinct articles, then the most time,
    /// then the earliest.
    static func longestSitting(_ scratch: inout Scratch, articleCount: Int) -> ReaderStats.RabbitHole? {
        let counted = scratch.counted
        guard !counted.isEmpty else { return nil }
        if scratch.sittingOfArticle.count < articleCount {
            scratch.sittingOfArticle += [Int64](repeating: -1, count: articleCount - scratch.sittingOfArticle.count)
        }
        // Exports are mostly in time order already: the views are sorted only when they are not.
        var inOrder = true
        for i in counted.indices.dropFirst() where counted[i].at < counted[i - 1].at {
            inOrder = false
            break
        }
        if !inOrder {
            scratch.order.removeAll(keepingCapacity: true)
            scratch.order.append(contentsOf: counted.indices.lazy.map { Int32($0) })
            scratch.order.sort { a, b in
                counted[Int(a)].at != counted[Int(b)].at ? counted[Int(a)].at < counted[Int(b)].at : a < b
            }
        }
        // The sitting under way in plain variables; a figure is made only for a new best.
        var best: ReaderStats.RabbitHole?
        var articles = 0, views = 0, milliseconds: Int64 = 0, start: Int64 = 0, end: Int64 = 0
        var first: Int32 = 0, last: Int32 = 0
        var sitting = scratch.sittings
        func close() {
            guard views > 0,
                best.map({ articles != $0.articles ? articles > $0.articles : milliseconds > $0.milliseconds }) ?? true
            else { return }
            best = .init(
                articles: articles, views: views, milliseconds: milliseconds, start: start, end: end,
                first: .catalog(first), last: .catalog(last))
        }
        scratch.sittingOfArticle.withUnsafeMutableBufferPointer { sittingOf in
            for n in counted.indices {
                let view = counted[inOrder ? n : Int(scratch.order[n])]
                if views == 0 || view.at - end > ReaderStats.RabbitHole.pause {
                    close()
                    sitting += 1
                    (articles, views, milliseconds, start, end, first) = (0, 0, 0, view.at, view.at, view.article)
                }
                views += 1
                milliseconds += view.milliseconds
                end = max(end, view.at + view.milliseconds)
                last = view.article
                if sittingOf[Int(view.article)] != sitting {
                    sittingOf[Int(view.article)] = sitting
                    articles += 1
                }
            }
        }
        close()
        scratch.sittings = sitting
        return best
    }

    /// SPEC §2.3 `saved`: each article's latest save/unsave at or before A decides.
    private func savedFigures(
        _ activity: ReaderActivity, zone: ZoneRules, instant: (RecordTime) -> Int64,
        asOfLocal: LocalTime, yearWindow: Range<Int64>, lastCountedView: (Int32) -> Int64?,
        skipped: inout Diagnostics
    ) -> ReaderStats.Saved {
        // Most readers save nothing: all zero, without the 30-day window's trip through the zone.
        if activity.saves.isEmpty {
            return ReaderStats.Saved(last30DaysCount: 0, lastSaved: nil, yearCount: 0, recent: [])
        }
        let latest = latestAtOrBeforeAsOf(
            activity.saves, key: \.article, time: \.time, instant: instant, skipped: &skipped)

        // Same local clock time 30 calendar days before A, read back through the zone.
        let windowStart = zone.instant(fromWall: asOfLocal.wallMilliseconds - 30 * millisecondsPerDay)
        // One pass over each article's latest action, of which only saves count; no list
        // is made but `recent` itself (this runs for every reader who saved anything).
        var last30DaysCount = 0
        var lastSaved: Int64?
        var yearCount = 0
        for (at, action) in latest.values where action.isSave {
            if at >= windowStart && at <= parameters.asOf {
                last30DaysCount += 1
                lastSaved = max(lastSaved ?? at, at)
            }
            if yearWindow.contains(at) { yearCount += 1 }
        }
        let thisYear = latest.values.lazy.filter { $0.record.isSave && yearWindow.contains($0.at) }
        let recent = ArticleTotals.first(
            3, of: thisYear,
            by: { a, b in
                if a.at != b.at { return a.at > b.at }
                return catalog.articlePrecedes(a.record.article, b.record.article)
            }
        ) { save in recentSave(save) }
        // Saves still waiting: no counted view at or after the latest save.
        var waiting: [(at: Int64, record: SaveAction)] = []
        for save in thisYear where (lastCountedView(save.record.article) ?? .min) < save.at { waiting.append(save) }
        var unread = ReaderStats.Unread(count: waiting.count, articles: [])
        if !waiting.isEmpty {
            unread.articles = ArticleTotals.first(
                3, of: waiting,
                by: { a, b in
                    if a.at != b.at { return a.at < b.at }
                    return catalog.articlePrecedes(a.record.article, b.record.article)
                }
            ) { save in recentSave(save) }
        }
        return ReaderStats.Saved(
            last30DaysCount: last30DaysCount, lastSaved: lastSaved, yearCount: yearCount, recent: recent,
            unread: unread)
    }

    /// A save as `saved.recent` and `saved.unread` list it: its article, when, and its thumbnail.
    private func recentSave(_ save: (at: Int64, record: SaveAction)) -> ReaderStats.RecentSave {
        ReaderStats.RecentSave(
            name: .catalog(save.record.article), saved: save.at,
            thumbnail: save.record.thumbnail.map { catalog.urls.string($0) })
    }

    /// SPEC §2.3 `notifications`: each key's latest state at or before A.
    private func notificationFigures(
        _ activity: ReaderActivity, instant: (RecordTime) -> Int64,
        skipped: inout Diagnostics
    ) -> ReaderStats.Notifications {
        // Most readers never change a setting: nothing to look up, sort or filter (~440
        // instructions a reader, for empty lists).
        guard !activity.notifications.isEmpty else { return .init(subscribed: [], unsubscribed: []) }
        let latest = latestAtOrBeforeAsOf(
            activity.notifications, key: \.key, time: \.time, instant: instant,
            skipped: &skipped)
        let types = latest.map {
            (type: NotificationType(key: catalog.keys.string($0.key)), enabled: $0.value.record.enabled)
        }
        .sorted { NotificationType.precedes($0.type, $1.type) }
        return .init(
            subscribed: types.filter(\.enabled).map(\.type),
            unsubscribed: types.filter { !$0.enabled }.map(\.type))
    }

    /// Each key's latest record at or before A (on equal instants the later in input order);
    /// records after A are counted under `after_as_of`.
    private func latestAtOrBeforeAsOf<R, K: Hashable>(
        _ records: UnsafeBufferPointer<R>, key: (R) -> K, time: (R) -> RecordTime, instant: (RecordTime) -> Int64,
        skipped: inout Diagnostics
    ) -> [K: (at: Int64, record: R)] {
        var latest: [K: (at: Int64, record: R)] = [:]
        for record in records {
            let t = instant(time(record))
            if t > parameters.asOf {
                skipped.afterAsOf += 1
                continue
            }
            if let current = latest[key(record)], current.at > t { continue }
            latest[key(record)] = (t, record)
        }
        return latest
    }

    /// The value with the highest count; ties go to the smallest value; nil when all are 0.
    public static func mostFrequent(_ counts: [Int], in range: ClosedRange<Int>) -> Int? {
        // The best count kept beside its value: looking it up again through an optional, for
        // each of 24 hours, was 5 % of the statistics' time.
        var best = -1
        var bestCount = 0
        for value in range where counts[value] > bestCount {
            best = value
            bestCount = counts[value]
        }
        return best < 0 ? nil : best
    }

    /// Median of sorted millisecond totals, exact: the mean of two middle values can end
    /// in half a millisecond, so it is kept in tenths of a millisecond.
    static func median(_ sorted: [Int64]) -> FixedDecimal {
        guard !sorted.isEmpty else { return FixedDecimal(0, scale: 3) }
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return .seconds(milliseconds: sorted[middle]) }
        return FixedDecimal((sorted[middle - 1] + sorted[middle]) * 5, scale: 4)
    }

    /// Counted views and reading time per local day, by day: the calendar of the HTML slides.
    static func dailyTotals(_ days: [Int64], _ milliseconds: [Int64]) -> [ReaderStats.Day] {
        var order = Array(days.indices)
        order.sort { days[$0] < days[$1] }
        var totals: [ReaderStats.Day] = []
        for i in order {
            if totals.last?.day != days[i] { totals.append(.init(day: days[i], views: 0, milliseconds: 0)) }
            totals[totals.count - 1].views += 1
            totals[totals.count - 1].milliseconds += milliseconds[i]
        }
        return totals
    }

    /// The longest run of consecutive local days (given in order, repeats allowed); the
    /// earliest on ties.
    public static func longestStreak(sortedDays days: [Int64]) -> ReaderStats.Streak {
        var best = ReaderStats.Streak(days: 0, start: nil, end: nil)
        var runStart: Int64 = 0
        var previous: Int64?
        for day in days where previous != day {
            if previous != day - 1 { runStart = day }
            previous = day
            let length = Int(day - runStart + 1)
            if length > best.days {
                best = .init(
                    days: length, start: CivilDate(daysSinceEpoch: runStart), end: CivilDate(daysSinceEpoch: day))
            }
        }
        return best
    }
}
