"""Small random exports, crowded around the instants where local time is easy to
get wrong: each zone's offset changes in the as-of year (forward and back, 30-minute DST,
Ireland's negative DST, Morocco's Ramadan changes), New Year in every zone, a leap day, the
as-of instant and 30 days before it. Timestamps with an offset, in UTC, without an offset (wall
times, in the record's `tz` or else the reader's report zone) and as epoch milliseconds;
readers who change zones; history clears, duplicate ids, unsaves, notification toggles,
excluded pages, implausible durations, titles needing normalisation; categories, topics, places
(some out of range) and thumbnails on page views, and edits. Every line is valid but a few with a
control character in a text member (SPEC §4.5 v4), rejected.

For SPEC v4: main pages read on the wikis whose language names them (through a database name, an
app project id, a mobile domain, a code §2.1 maps to another language), and their titles on wikis
that name another language or none; maintenance and biography categories next to ones that only
look like them; catch-all topics; views at the very same instant (first, last and longest on a
tie) and readers whose every view lasted 0 seconds; saves read after saving, read only before,
and never read."""
import json
import random
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

ZONES = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Chatham",
         "America/Sao_Paulo", "UTC", "Europe/Dublin", "America/St_Johns", "Africa/Casablanca",
         "Asia/Tokyo", "Pacific/Kiritimati", "America/Adak", "Australia/Adelaide", "Asia/Kathmandu"]
# Sites in every form SPEC §1.2 accepts (several naming one site) and other apps' sites.
LOCALES = ["de", "pt-br", "it", "en-GB", "ja", "ru"]
WIKIS = ["en.wikipedia.org", "enwiki", "wikipedia~en", "EN.M.Wikipedia.org", "de.wikipedia.org", "dewiktionary",
         "wikipedia~zh~zh-hans", "zh_min_nanwiki", "commonswiki", "wikidatawiki", "app", "Example.COM"]
# Titles, some the same article once normalised: decomposed and composed accents, Hangul
# jamo, a Devanagari letter NFC decomposes, spaces Unicode trims.
TITLES = ["Berlin", "Moon", "Ada Lovelace", "Main Page", "São Paulo", "Sa\u0303o Paulo", "東京", "Zebra", "zebra",
          "Éclair", "E\u0301clair", "한국", "\u1112\u1161\u11ab\u1100\u116e\u11a8", "\u0958", "\u0915\u093c",
          "\u00a0Moon\u3000"]
KEYS = ["echo-subscriptions-push-edit-thank", "echo-subscriptions-push-mention", "app-custom-key",
        "echo-subscriptions-push-reverted", "another-key"]
USERS = ["ana", "bo", "cy", "Dee", "émile", "zed"]
# Categories and topics, some the same once normalised, with empty strings and repeats; (v4)
# categories that say nothing about a subject, and names that only look like them (5 digits, a
# capital B, no final dot, no space after the prefix, another case); topics' catch-all labels.
CATEGORIES = ["Cities in Germany", "Cities_in_Germany", " Capitals in Europe", "Natural satellites", "E\u0301clair", "Éclair",
              "", "1815 births", "Living people"]
SUBJECTLESS = ["Possibly living people", "1990s births", "44 BC deaths", "300 BCE deaths", "Geboren 1815",
               "Gestorben 44 v. Chr.", "Mann", "Frau", "Articles with short description",
               "All articles with unsourced statements", "Pages_using_infobox_person", "CS1 maint: archived copy",
               "Webarchive template wayback links", "Use dmy dates from May 2020", "Use mdy dates",
               "Short description is different from Wikidata", "Commons category link is on Wikidata",
               "Coordinates on Wikidata", "Good articles", "Featured articles", "Wikipedia:Vital articles",
               "Wikipedia-Artikel mit Video", "Articles_about_Berlin"]
LOOKALIKES = ["12345 births", "1815 Births", "Geboren 1815 v. Chr", "Articles", "Männer", "living people", "CS1",
              "Featured article"]
TOPICS = ["STEM.Space", "Culture.Biography.Biography*", "Geography.Regions.Europe.Western_Europe", " STEM.Space ",
          "Culture.Internet culture", "", "History_and_Society.History", "STEM.STEM*", "Geography.Geographical",
          " Geography.Geographical ", "Geography.Geographical.Maps", "Culture.Media.Media*"]
# (v4) Main pages (SPEC §2.2's rows), on their own wiki in each form a site may take, a title
# needing normalisation, one through `simple` → `en`; and the same titles on a wiki that names
# another language (German, Italian, Japanese) or none (Commons, another app).
MAIN_PAGES = [("jawiki", "メインページ"), ("ar.wikipedia.org", "الصفحة الرئيسية"), ("he.m.wikipedia.org", "עמוד ראשי"),
              ("wikipedia~ru", "Заглавная_страница"), ("nl.wikipedia.org", "Hoofdpagina"), ("fa.wikipedia.org", "صفحهٔ اصلی"),
              ("hi.wikipedia.org", "मुखपृष्ठ"), ("vi.wikipedia.org", "Trang Chi\u0301nh"), ("id.wikipedia.org", " Halaman Utama"),
              ("it.wikipedia.org", "Pagina principale"), ("uk.wikipedia.org", "Головна сторінка"),
              ("simplewiki", "Main_Page"), ("enwiki", "Main Page")]
NOT_MAIN_PAGES = [("de.wikipedia.org", "メインページ"), ("it.wikipedia.org", "Hoofdpagina"), ("commonswiki", "Заглавная страница"),
                  ("app", "Pagina principale"), ("jawiki", "Halaman Utama"), ("Example.COM", "עמוד ראשי")]
# Places well inside a country, at sea, at the edges of the range, and out of range (dropped).
PLACES = [(52.52, 13.405), (48.8566, 2.3522), (35.6895, 139.6917), (-23.5505, -46.6333), (-33.8688, 151.2093),
          (64.1466, -21.9426), (-41.2865, 174.7762), (0, -160), (28.6139, 77.209), (-75, 0), (90, 180), (-90, -180),
          (90.5, 10), (10, -180.25), (90.00000001, 0), (0, -180.0000001)]
# SPEC §1.2: timestamps must lie in 1970–2099, on the wall clock too (decision 9).
EARLIEST, END = datetime(1970, 1, 2, tzinfo=timezone.utc), datetime(2099, 12, 31, tzinfo=timezone.utc)


def offset_changes(zone, year):
    """The instants (to the hour) at which the zone's UTC offset changes during the year."""
    z = ZoneInfo(zone)
    changes, t = [], datetime(year, 1, 1, tzinfo=timezone.utc)
    before = t.astimezone(z).utcoffset()
    while t.year == year:
        t += timedelta(hours=1)
        if t.astimezone(z).utcoffset() != before:
            changes.append(t)
            before = t.astimezone(z).utcoffset()
    return changes


def timestamp(rng, moment, zone):
    """The instant written one of the ways SPEC §1.2 allows: with its zone's offset, in UTC, as
    a wall time without offset (read in the record's `tz`, or else the reader's zone), or as
    epoch milliseconds."""
    wall = moment.astimezone(ZoneInfo(zone))
    fraction = rng.choice(["", ".%03d" % (wall.microsecond // 1000), ".%06d" % wall.microsecond])
    clock = "%Y-%m-%d" + rng.choice("TT T") + "%H:%M:%S"
    style = rng.random()
    if style < 0.4:
        offset = wall.strftime("%z")
        return wall.strftime(clock) + fraction + offset[:3] + ":" + offset[3:]
    if style < 0.55:
        return moment.strftime(clock) + fraction + "Z"
    if style < 0.8:
        return wall.strftime(clock) + fraction
    return int(moment.timestamp() * 1000)


def generate(seed, as_of):
    """The lines of one export (shuffled, so input order is no time order)."""
    rng = random.Random(seed)
    A = datetime.fromisoformat(as_of.replace("Z", "+00:00"))
    lines = []
    for u in range(rng.randint(1, 6)):
        user = rng.choice(USERS) + str(u)
        zones = rng.sample(ZONES, rng.randint(1, 3))
        # A a year earlier: the end of `previous_year`'s window when the report year is partial.
        a_year_before = A.replace(year=A.year - 1, day=28 if (A.month, A.day) == (2, 29) else A.day)
        hot = [A, A - timedelta(days=30), A - timedelta(days=30, hours=1), a_year_before]
        for zone in zones:
            z = ZoneInfo(zone)
            hot += offset_changes(zone, A.year)
            hot += [datetime(y, 1, 1, tzinfo=z) for y in (A.year, A.year + 1)]
            hot += [datetime(2024, 2, 29, 12, tzinfo=z), datetime(2024, 3, 1, tzinfo=z)]
        ids = []
        # (v4) A few whole-second instants in the year that several views share (a tie for the
        # first, last and longest view), a reader whose every view lasts 0 seconds, and the
        # reader's views so far, for saves of an article read after, before or at the save.
        same_instants = [datetime(A.year, 1, 1, tzinfo=timezone.utc) + timedelta(seconds=rng.randint(0, 360 * 86400))
                         for _ in range(2)] + [datetime(A.year, 1, 1, 0, 0, 1, tzinfo=ZoneInfo(zones[0]))]
        idle = rng.random() < 0.1
        viewed = []
        for _ in range(rng.randint(1, 60)):
            if rng.random() < 0.6:
                moment = rng.choice(hot) + timedelta(minutes=rng.randint(-180, 180), seconds=rng.randint(0, 59),
                                                     milliseconds=rng.randint(0, 999))
            elif rng.random() < 0.75:
                moment = datetime(A.year, 1, 1, tzinfo=timezone.utc) + timedelta(seconds=rng.randint(-3 * 86400, 368 * 86400))
            else:  # the year before, for `previous_year`
                moment = datetime(A.year - 1, 1, 1, tzinfo=timezone.utc) + timedelta(seconds=rng.randint(0, 366 * 86400))
            kind = rng.choices(["page_view", "session", "saved_article", "history_cleared",
                                "notification_subscription", "edit"], [60, 20, 12, 2, 6, 4])[0]
            article = None
            if kind == "page_view" and rng.random() < 0.15:
                moment = rng.choice(same_instants)
            elif kind == "saved_article" and viewed and rng.random() < 0.5:
                # A save of an article this reader views: before the view, at it or after it.
                article, seen = rng.choice(viewed)
                moment = seen + timedelta(seconds=rng.choice([-86400, -60, 0, 0, 60, 86400]))
            if not EARLIEST <= moment < END:
                continue
            zone = rng.choice(zones)
            r = {"type": kind, "user": user}
            r["timestamp"] = timestamp(rng, moment, zone)
            if rng.random() < 0.85:
                r["tz"] = zone
            if rng.random() < 0.2:
                # The app's language: ones whose date and time forms Babel (CLDR 47) and ICU agree on, Latin digits.
                r["locale"] = rng.choice(LOCALES)
            if rng.random() < 0.5:
                r["id"] = rng.choice(ids) if ids and rng.random() < 0.15 else "%s-%d" % (kind[:2], rng.randint(0, 10**6))
                ids.append(r["id"])
            if kind in ("page_view", "saved_article", "edit"):
                r["wiki"] = rng.choice(WIKIS)
                r["title"] = rng.choice(TITLES)
                if rng.random() < 0.1:
                    r["title"] = " " + r["title"].replace(" ", "_")
                if rng.random() < 0.12:
                    r["wiki"], r["title"] = rng.choice(MAIN_PAGES if rng.random() < 0.7 else NOT_MAIN_PAGES)
                if article is not None:
                    r["wiki"], r["title"] = article
            if kind == "page_view":
                if rng.random() < 0.05:
                    r["namespace"] = rng.choice([0, 1, 4])
                r["seconds"] = rng.choice([0, 1, 1.5, 2.25, rng.randint(0, 600), round(rng.random() * 900, 3),
                                           90000, 86400, 0.0005, 12.3456, 42, 42])
                if idle:
                    r["seconds"] = rng.choice([0, 0.0, 90000])  # all 0 once counted (§1.4)
                viewed.append(((r["wiki"], r["title"]), moment))
                if rng.random() < 0.5:
                    r["categories"] = rng.sample(CATEGORIES, rng.randint(0, 4)) + rng.sample(SUBJECTLESS, rng.randint(0, 2))
                    if rng.random() < 0.3:
                        r["categories"].append(rng.choice(LOOKALIKES))
                    rng.shuffle(r["categories"])
                if rng.random() < 0.5:
                    r["topics"] = rng.sample(TOPICS, rng.randint(0, 4))
                if rng.random() < 0.4:
                    lat, lon = rng.choice(PLACES)
                    r["coordinates"] = {"lon": lon, "lat": lat} if rng.random() < 0.5 else {"lat": lat, "lon": lon}
                    if rng.random() < 0.1:  # a member the spec ignores
                        r["coordinates"]["alt"] = {"m": [rng.randint(0, 4000)], "source": "gps"}
                if rng.random() < 0.2:
                    r["thumbnail"] = rng.choice(["https://x.org/%d.jpg" % rng.randint(0, 9), "ftp://x.org/a.jpg"])
            elif kind == "edit":
                if rng.random() < 0.3:
                    r["namespace"] = rng.choice([0, 1, 2])
            elif kind == "session":
                r["duration_ms"] = rng.choice([0, 1000, rng.randint(0, 3_600_000), 86_400_001, 86_400_000])
            elif kind == "saved_article":
                if rng.random() < 0.35:
                    r["action"] = "unsave"
                elif rng.random() < 0.3:
                    r["action"] = "save"
                if rng.random() < 0.5:
                    r["thumbnail"] = rng.choice(["https://x.org/%d.jpg" % rng.randint(0, 9), "ftp://x.org/a.jpg",
                                                 "HTTP://x.org/b.jpg"])
            elif kind == "notification_subscription":
                r["key"] = rng.choice(KEYS)
                r["enabled"] = rng.random() < 0.6
            if rng.random() < 0.01:
                # A control character, escaped or (U+007F, when not written as ASCII) raw, in one
                # text member: the line is rejected whichever it is.
                texts = [k for k in ("user", "tz", "locale", "wiki", "title", "thumbnail") if k in r]
                if "categories" in r and r["categories"]:
                    texts.append("categories")
                member = rng.choice(texts)
                control = rng.choice(["\n", "\t", "\x00", "\x1f", "\x7f"])
                if member == "categories":
                    r[member] = r[member][:-1] + [r[member][-1] + control]
                else:
                    r[member] = r[member][:1] + control + r[member][1:]
            fields = list(r.items())
            rng.shuffle(fields)
            lines.append(json.dumps(dict(fields), ensure_ascii=rng.random() < 0.5))
    rng.shuffle(lines)
    return lines
