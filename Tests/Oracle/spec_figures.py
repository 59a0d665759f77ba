"""SPEC §1.4–§2.4 read a second time, independently of yir: each reader's figures and the
cohort, from Python's json and zoneinfo and the spec's words, with none of yir's shortcuts
(no offset tables, no integer calendar, no fingerprints). check.py compares them with
`yir stats --format json`. Only what exports.py writes is covered: native-profile lines that
are valid but for a control character in a text member now and then; the other rejections have
their own tests."""
import json
import re
import unicodedata
from datetime import datetime, timedelta, timezone
from decimal import ROUND_HALF_UP, Decimal
from zoneinfo import ZoneInfo

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
TYPES = ["page_view", "session", "saved_article", "history_cleared", "notification_subscription", "edit"]
# SPEC §2.5, in its order.
NOTIFICATION_KEYS = [
    "echo-subscriptions-push-edit-user-talk", "echo-subscriptions-push-edit-thank",
    "echo-subscriptions-push-dt-subscription", "echo-subscriptions-push-cx",
    "echo-subscriptions-push-mention", "echo-subscriptions-push-mention-failure",
    "echo-subscriptions-push-mention-success", "echo-subscriptions-push-article-linked",
    "echo-subscriptions-push-wikibase-action", "echo-subscriptions-push-login-fail",
    "echo-subscriptions-push-login-success", "echo-subscriptions-push-page-review",
    "echo-subscriptions-push-user-rights", "echo-subscriptions-push-reverted",
    "echo-subscriptions-push-emailuser", "echo-subscriptions-push-thank-you-edit"]


def milliseconds(moment):
    return (moment - EPOCH) // timedelta(milliseconds=1)


def local(ms, zone):
    return (EPOCH + timedelta(milliseconds=ms)).astimezone(ZoneInfo(zone))


def from_wall(wall, zone):
    """SPEC §2.1: fold=0 takes the earlier instant of an ambiguous wall time and, in a gap, the
    offset from before it — the instant shifted forward by the gap."""
    return milliseconds(wall.replace(tzinfo=ZoneInfo(zone), fold=0))


def parse_timestamp(value):
    """('instant', ms) or ('wall', naive datetime); fractions truncated to the millisecond."""
    if isinstance(value, (int, float)):
        return "instant", int(value)
    date, time = value[:10], value[11:]
    offset = None
    if time[-1:] in ("Z", "z"):
        offset, time = 0, time[:-1]
    elif len(time) > 6 and time[-6] in "+-" and time[-3] == ":":
        offset = (1 if time[-6] == "+" else -1) * (int(time[-5:-3]) * 60 + int(time[-2:]))
        time = time[:-6]
    time, _, fraction = time.partition(".")
    wall = datetime(*map(int, date.split("-")), *map(int, time.split(":")), int((fraction + "000")[:3]) * 1000)
    if offset is None:
        return "wall", wall
    return "instant", milliseconds(wall.replace(tzinfo=timezone(timedelta(minutes=offset))))


def rfc3339(ms, zone):
    moment = local(ms, zone)
    text = moment.strftime("%Y-%m-%dT%H:%M:%S") + (".%03d" % (moment.microsecond // 1000) if moment.microsecond else "")
    minutes = int(moment.utcoffset().total_seconds()) // 60
    if minutes == 0:
        return text + "Z"
    return "%s%s%02d:%02d" % (text, "+" if minutes > 0 else "-", abs(minutes) // 60, abs(minutes) % 60)


def seconds(ms):
    """Milliseconds (possibly a half, for a median) as seconds without trailing zeros."""
    return (Decimal(ms) / 1000).normalize()


def average(total_ms, count):
    """total / count, rounded to whole milliseconds (3 decimals of seconds); 0 when count is 0."""
    if count == 0:
        return Decimal(0)
    return seconds((Decimal(total_ms) / count).quantize(Decimal(1), rounding=ROUND_HALF_UP))


# SPEC §1.2's site forms (and decision 13's mobile domains), for the forms exports.py writes;
# anything else is another app's site, kept as given.
SITES = {"enwiki": "en.wikipedia.org", "wikipedia~en": "en.wikipedia.org", "EN.M.Wikipedia.org": "en.wikipedia.org",
         "dewiktionary": "de.wiktionary.org", "wikipedia~zh~zh-hans": "zh.wikipedia.org",
         "zh_min_nanwiki": "zh-min-nan.wikipedia.org", "commonswiki": "commons.wikimedia.org",
         "wikidatawiki": "www.wikidata.org", "jawiki": "ja.wikipedia.org", "wikipedia~ru": "ru.wikipedia.org",
         "he.m.wikipedia.org": "he.wikipedia.org", "simplewiki": "simple.wikipedia.org"}


def site(text):
    return SITES.get(text, text)


# §2.1: the language of a Wikimedia wiki, from its domain; the codes that are not their language's
# BCP 47 tag, as the project documents them.
PROJECTS = {"wikipedia", "wiktionary", "wikibooks", "wikinews", "wikiquote", "wikisource", "wikiversity", "wikivoyage"}
WIKIMEDIA_CODES = {"als": "gsw", "bat-smg": "sgs", "be-x-old": "be-tarask", "cbk-zam": "cbk", "eml": "egl",
                   "fiu-vro": "vro", "map-bms": "jv", "mo": "ro", "nds-nl": "nds-NL", "no": "nb", "nrm": "nrf",
                   "roa-rup": "rup", "roa-tara": "nap", "simple": "en", "zh-classical": "lzh", "zh-min-nan": "nan",
                   "zh-yue": "yue"}


def wiki_language(domain):
    m = re.fullmatch(r"([a-z0-9-]+)\.(?:m\.)?([a-z]+)\.org", domain)
    if not m or m.group(2) not in PROJECTS:
        return None
    return WIKIMEDIA_CODES.get(m.group(1), m.group(1))


# §2.2 (v4): the main pages the spec names, by the wiki's language (§2.1's rule for a wiki's
# language) — the spec's own rows only, not the project's longer table, so that this reading
# stays independent of it (exports.py writes main pages of these languages only). The rule
# names a language, not a project: a title of this table on that language's Wiktionary is
# excluded too.
MAIN_PAGES = {("en", "Main Page"), ("ja", "メインページ"), ("ar", "الصفحة الرئيسية"), ("he", "עמוד ראשי"),
              ("ru", "Заглавная страница"), ("uk", "Головна сторінка"), ("it", "Pagina principale"),
              ("nl", "Hoofdpagina"), ("fa", "صفحهٔ اصلی"), ("hi", "मुखपृष्ठ"), ("id", "Halaman Utama"),
              ("vi", "Trang Chính")}


def main_page(article):
    """§2.2 (v4): a (wiki, title) that is its wiki's own main page by the spec's table."""
    return (wiki_language(article[0]), article[1]) in MAIN_PAGES


# §2.3 (v4): the categories that say nothing about a subject, left out unless
# --keep-all-categories; matched on the normalised name, case-sensitively. Only categories: the
# list is of category names, and topics (the articletopic labels) have their own catch-all rule;
# as in v3, where --exclude-category left topics alone.
EMPTY_CATEGORIES = {"Living people", "Possibly living people", "Mann", "Frau"}
EMPTY_CATEGORY_PATTERNS = [re.compile(r"[0-9]{1,4}s?( BC| BCE)? (births|deaths)"),
                           re.compile(r"(Geboren|Gestorben) [0-9]{1,4}( v\. Chr\.)?")]
EMPTY_CATEGORY_PREFIXES = ("Articles ", "All articles ", "Pages ", "CS1 ", "Webarchive ", "Use dmy dates",
                           "Use mdy dates", "Short description", "Commons category", "Coordinates on Wikidata",
                           "Good articles", "Featured articles", "Wikipedia:", "Wikipedia-")


def says_nothing(category):
    # fullmatch for the spec's ^…$: Python's $ would also match before a final newline.
    return (category in EMPTY_CATEGORIES or category.startswith(EMPTY_CATEGORY_PREFIXES)
            or any(p.fullmatch(category) for p in EMPTY_CATEGORY_PATTERNS))


def catch_all(topic):
    """§2.3 (v4): the articletopic taxonomy's catch-all labels, listed after every other."""
    return topic.endswith("*") or topic == "Geography.Geographical"


def language_subtag(language):
    """§2.3 (v4) `languages` names a language by its BCP 47 language subtag: the first subtag of
    the tag §2.1 derives (`nds-NL` → `nds`, `be-tarask` → `be`), so a language's variants count as
    one language read. The spec says "language subtag", not "tag": read as the first subtag."""
    return language.split("-")[0]


def conventional(tag):
    """A tag's subtags in their usual case: `pt-br` → `pt-BR`, `zh-hant` → `zh-Hant`."""
    parts = tag.split("-")
    out = [parts[0].lower()]
    for p in parts[1:]:
        if len(out) > 0 and len(out[-1]) == 1:
            out.append(p.lower())  # an extension's subtags
        elif len(p) == 4 and p.isalpha():
            out.append(p.title())
        elif (len(p) == 2 and p.isalpha()) or (len(p) == 3 and p.isdigit()):
            out.append(p.upper())
        else:
            out.append(p.lower())
    return "-".join(out)


def babel_locale(tag):
    """The most specific part of the tag that Babel's CLDR knows, else English."""
    from babel import Locale
    parts = tag.split("-")
    while parts:
        try:
            return Locale.parse("_".join(parts))
        except Exception:
            parts.pop()
    return Locale.parse("en")


def title(text):
    return unicodedata.normalize("NFC", text.replace("_", " ").strip())


def label(text):
    """A topic: trimmed, NFC; `_` stays."""
    return unicodedata.normalize("NFC", text.strip())


def names(values, normalise):
    """A list of categories or topics: normalised, empty strings and repeats dropped, in order."""
    out = []
    for value in values:
        value = normalise(value)
        if value and value not in out:
            out.append(value)
    return out


# The countries of the exports' places (Tests/Oracle/exports.py PLACES), as an atlas has them:
# an independent reading of SPEC §2.3's "the country whose polygon contains it".
COUNTRIES = {(52.52, 13.405): "DE", (48.8566, 2.3522): "FR", (35.6895, 139.6917): "JP", (-23.5505, -46.6333): "BR",
             (-33.8688, 151.2093): "AU", (64.1466, -21.9426): "IS", (-41.2865, 174.7762): "NZ", (28.6139, 77.209): "IN",
             (-75, 0): "AQ", (-90, -180): "AQ"}


def mode(values, domain):
    """The value met most often, the smallest on ties; None when there are none."""
    counts = {v: values.count(v) for v in set(values)}
    if not counts:
        return None
    return min(v for v in domain if counts.get(v) == max(counts.values()))


def time_of_day(hour):
    if hour is None:
        return None
    for last, name in ((4, "late_night"), (11, "morning"), (12, "midday"), (16, "afternoon"), (20, "evening")):
        if hour <= last:
            return name
    return "night"


def latest_per(records, key, as_of):
    """Each key's latest record at or before A; on equal timestamps the later in input order."""
    latest = {}
    for r in records:
        if r["t"] <= as_of and (key(r) not in latest or (r["t"], r["order"]) >= (latest[key(r)]["t"], latest[key(r)]["order"])):
            latest[key(r)] = r
    return latest


def text_members(fields):
    """The values of a record's members that a reader may see (SPEC §4.5 v4): the common ones,
    the article's site and title, a thumbnail, each category and topic."""
    kind = fields["type"]
    members = ["user", "tz", "locale"]
    members += ["wiki", "title"] if kind in ("page_view", "saved_article", "edit") else []
    members += ["thumbnail"] if kind in ("page_view", "saved_article") else []
    values = [fields.get(m) for m in members]
    if kind == "page_view":
        values += (fields.get("categories") or []) + (fields.get("topics") or [])
    return [v for v in values if isinstance(v, str)]


CONTROL_CHARACTER = re.compile("[\x00-\x1f\x7f]")


def read_records(lines, max_view_seconds):
    """§1.3's one reason the exports give, a control character in a text member (§4.5 v4); §1.4:
    duplicates (per reader and type, decision 1) and implausible durations."""
    diagnostics = {"lines": 0, "accepted": {t: 0 for t in TYPES}, "rejected": {}, "duplicates": 0, "implausible_duration": 0,
                   "dropped_thumbnails": 0, "dropped_coordinates": 0, "after_as_of": 0, "cleared": 0, "outside_window": 0, "excluded_page": 0}
    ids, readers = set(), {}
    for order, line in enumerate(lines):
        if not line.strip():
            continue
        diagnostics["lines"] += 1
        fields = json.loads(line)
        if any(CONTROL_CHARACTER.search(text) for text in text_members(fields)):
            diagnostics["rejected"]["control_character"] = diagnostics["rejected"].get("control_character", 0) + 1
            continue
        user = fields.get("user") or "default"
        if fields.get("id"):
            if (user, fields["type"], fields["id"]) in ids:
                diagnostics["duplicates"] += 1
                continue
            ids.add((user, fields["type"], fields["id"]))
        diagnostics["accepted"][fields["type"]] += 1
        r = {"type": fields["type"], "order": order, "tz": fields.get("tz"), "locale": fields.get("locale")}
        r["kind"], r["stamp"] = parse_timestamp(fields["timestamp"])
        if r["kind"] == "wall" and r["tz"]:
            r["kind"], r["stamp"] = "instant", from_wall(r["stamp"], r["tz"])
        if r["type"] in ("page_view", "saved_article", "edit"):
            r["article"] = (site(fields["wiki"]), title(fields["title"]))
            r["namespace"] = fields.get("namespace", 0)
        if r["type"] == "page_view":
            r["ms"] = int((Decimal(str(fields["seconds"])) * 1000).quantize(Decimal(1), rounding=ROUND_HALF_UP))
            # §1.2 (v3): what the article is about and where.
            r["categories"] = names(fields["categories"], title) if "categories" in fields else None
            r["topics"] = names(fields["topics"], label) if "topics" in fields else None
            r["coordinates"] = None
            if "coordinates" in fields:
                lat, lon = Decimal(str(fields["coordinates"]["lat"])), Decimal(str(fields["coordinates"]["lon"]))
                if -90 <= lat <= 90 and -180 <= lon <= 180:
                    r["coordinates"] = (lat, lon)
                else:
                    diagnostics["dropped_coordinates"] += 1
            r["thumbnail"] = fields.get("thumbnail")
            if r["thumbnail"] is not None and not r["thumbnail"].lower().startswith(("https://", "http://")):
                diagnostics["dropped_thumbnails"] += 1
                r["thumbnail"] = None
            if r["ms"] > max_view_seconds * 1000:
                diagnostics["implausible_duration"] += 1
                r["ms"] = 0
        elif r["type"] == "session":
            r["ms"] = int(fields["duration_ms"])
            if r["ms"] > 86_400_000:
                diagnostics["implausible_duration"] += 1
                r["ms"] = 0
        elif r["type"] == "saved_article":
            r["save"] = fields.get("action", "save") == "save"
            r["thumbnail"] = fields.get("thumbnail")
            if r["thumbnail"] is not None and not r["thumbnail"].lower().startswith(("https://", "http://")):
                diagnostics["dropped_thumbnails"] += 1
                r["thumbnail"] = None
        elif r["type"] == "notification_subscription":
            r["key"], r["enabled"] = fields["key"], fields["enabled"]
        readers.setdefault(user, []).append(r)
    return readers, diagnostics


def reader_figures(user, records, A, zone_override, fallback_zone, year, top, excluded, diagnostics, locale="auto",
                   excluded_categories=(), keep_main_pages=False, keep_all_categories=False):
    def excluded_page(r):  # §2.2, with (v4) the wiki's own main page unless --keep-main-pages
        return (r["namespace"] != 0 or r["article"][1] in excluded
                or (not keep_main_pages and main_page(r["article"])))

    # §2.1: the report zone, then wall times read in it, the window and the last history clear.
    if zone_override:
        Z = zone_override
    else:
        zoned = [r for r in records if r["tz"] and r["kind"] == "instant" and r["stamp"] <= A]
        Z = max(zoned, key=lambda r: (r["stamp"], r["order"]))["tz"] if zoned else fallback_zone
    for r in records:
        r["t"] = from_wall(r["stamp"], Z) if r["kind"] == "wall" else r["stamp"]
    Y = year if year is not None else local(A, Z).year
    start, end = from_wall(datetime(Y, 1, 1), Z), from_wall(datetime(Y + 1, 1, 1), Z)
    C = max((r["t"] for r in records if r["type"] == "history_cleared" and r["t"] <= A), default=None)

    # §2.3 previous_year: [1 Jan of Y−1, E′), E′ = 1 Jan of Y for a whole year, else W's end
    # (A) on the same local month, day and clock one year earlier, 29 February as 28 February.
    previous_start = from_wall(datetime(Y - 1, 1, 1), Z)
    if A >= end:
        previous_end = start
    else:
        a = local(A, Z).replace(tzinfo=None)
        previous_end = from_wall(a.replace(year=a.year - 1, day=28 if (a.month, a.day) == (2, 29) else a.day), Z)
    previous = []

    # §2.2 and §4.1: what counts, and why the rest does not, checked in the spec's order.
    views, sessions, edits = [], [], []
    for r in records:
        if r["t"] > A:
            diagnostics["after_as_of"] += 1  # every type (§4.1)
        elif r["type"] == "edit":  # a history clear leaves edits (§2.3)
            if start <= r["t"] < end:
                edits.append(r)
            else:
                diagnostics["outside_window"] += 1
        elif r["type"] not in ("page_view", "session"):
            continue
        elif C is not None and r["t"] < C:
            diagnostics["cleared"] += 1
        elif not start <= r["t"] < end:
            diagnostics["outside_window"] += 1
            if r["type"] == "page_view" and previous_start <= r["t"] < previous_end and not excluded_page(r):
                previous.append(r)
        elif r["type"] == "session":
            sessions.append(r)
        elif excluded_page(r):
            diagnostics["excluded_page"] += 1
        else:
            views.append(r)

    articles = {}
    for v in views:
        a = articles.setdefault(v["article"], {"ms": 0, "views": 0, "first": v["t"], "last": v["t"]})
        a["ms"] += v["ms"]
        a["views"] += 1
        a["first"], a["last"] = min(a["first"], v["t"]), max(a["last"], v["t"])
    reading = sum(v["ms"] for v in views)
    totals = sorted(a["ms"] for a in articles.values())
    n = len(totals)
    median = Decimal(0) if n == 0 else seconds(totals[n // 2]) if n % 2 else seconds(Decimal(totals[n // 2 - 1] + totals[n // 2]) / 2)
    ranked = sorted(articles.items(), key=lambda item: (-item[1]["ms"], -item[1]["views"], -item[1]["last"],
                                                         item[0][0].encode(), item[0][1].encode()))[:top]
    # §2.3 (v3): an article's attributes are those of its latest counted view that carries each.
    attributes = {}
    for v in sorted(views, key=lambda v: (v["t"], v["order"])):
        a = attributes.setdefault(v["article"], {})
        for field in ("categories", "topics", "coordinates", "thumbnail"):
            if v[field] is not None:
                a[field] = v[field]
    top_articles = [{"wiki": wiki, "title": name, "seconds": seconds(a["ms"]), "views": a["views"],
                     "first_viewed": rfc3339(a["first"], Z), "last_viewed": rfc3339(a["last"], Z),
                     "thumbnail": attributes[(wiki, name)].get("thumbnail")}
                    for (wiki, name), a in ranked]

    def shares(field, skip):
        """(v4) By articles, then seconds, then name; topics' catch-all labels after the others."""
        found = {}
        for article, a in articles.items():
            for name in attributes[article].get(field) or []:
                if not skip(name):
                    f = found.setdefault(name, {"articles": 0, "ms": 0})
                    f["articles"] += 1
                    f["ms"] += a["ms"]
        last = catch_all if field == "topics" else (lambda name: False)
        return sorted(found.items(), key=lambda item: (last(item[0]), -item[1]["articles"], -item[1]["ms"],
                                                       item[0].encode()))
    all_categories = shares("categories", lambda c: c in excluded_categories
                            or (not keep_all_categories and says_nothing(c)))
    all_topics = shares("topics", lambda t: False)
    located = [(article, attributes[article]["coordinates"], a) for article, a in articles.items()
               if "coordinates" in attributes[article]]
    places = None
    if located:
        countries = {}
        for article, (lat, lon), a in located:
            country = COUNTRIES.get((float(lat), float(lon)))
            if country:
                c = countries.setdefault(country, {"articles": 0, "ms": 0})
                c["articles"] += 1
                c["ms"] += a["ms"]

        def place(item, with_seconds=False):
            (wiki, name), (lat, lon), a = item
            p = {"wiki": wiki, "title": name, "lat": lat, "lon": lon}
            if with_seconds:
                p["seconds"] = seconds(a["ms"])
            return p
        ties = lambda item: (-item[2]["ms"], item[0][0].encode(), item[0][1].encode())
        places = {"articles": len(located), "seconds": seconds(sum(a["ms"] for _, _, a in located)),
                  "countries": [{"country": c, "articles": f["articles"], "seconds": seconds(f["ms"])} for c, f in
                                sorted(countries.items(), key=lambda i: (-i[1]["ms"], -i[1]["articles"], i[0].encode()))],
                  "north": place(min(located, key=lambda i: (-i[1][0],) + ties(i))),
                  "south": place(min(located, key=lambda i: (i[1][0],) + ties(i))),
                  "top": [place(i, True) for i in sorted(located, key=lambda i: (-i[2]["ms"], -i[2]["views"], -i[2]["last"],
                                                                                   i[0][0].encode(), i[0][1].encode()))[:top]]}
    app = sum(s["ms"] for s in sessions)

    # §2.3 (v4) moments. `at` is the view's own timestamp (not the article's first or last view).
    # Equal timestamps in input order: of two views at the same instant the earlier line is the
    # first, the later line the last.
    in_order = sorted(views, key=lambda v: (v["t"], v["order"]))

    def at(v, with_seconds=False):
        m = {"wiki": v["article"][0], "title": v["article"][1]}
        if with_seconds:
            m["seconds"] = seconds(v["ms"])
        m["at"] = rfc3339(v["t"], Z)
        return m
    first_article = at(in_order[0]) if in_order else None
    last_article = at(in_order[-1]) if in_order else None
    # The most seconds; ties → the earlier timestamp, then the earlier line. Null when the most is 0.
    longest = min(views, key=lambda v: (-v["ms"], v["t"], v["order"]), default=None)
    longest_view = at(longest, True) if longest is not None and longest["ms"] > 0 else None
    # `languages`: the counted views' wikis that name a language, grouped by its language subtag.
    per_language = {}
    for article, a in articles.items():
        language = wiki_language(article[0])
        if language is not None:
            g = per_language.setdefault(language_subtag(language), {"articles": 0, "ms": 0})
            g["articles"] += 1
            g["ms"] += a["ms"]
    languages = sorted(per_language.items(), key=lambda i: (-i[1]["ms"], -i[1]["articles"], i[0].encode()))

    moments = [local(v["t"], Z) for v in views]
    hour = mode([m.hour for m in moments], range(24))
    monthly = [{"month": month, "seconds": seconds(sum(v["ms"] for v, m in zip(views, moments) if m.month == month)),
                "views": sum(1 for m in moments if m.month == month)} for month in range(1, 13)]
    days = sorted({m.date() for m in moments})
    streak = {"days": 0, "start": None, "end": None}
    run_start = None
    for i, day in enumerate(days):
        if i == 0 or (day - days[i - 1]).days != 1:
            run_start = day
        if (day - run_start).days + 1 > streak["days"]:
            streak = {"days": (day - run_start).days + 1, "start": run_start.isoformat(), "end": day.isoformat()}

    # §2.3 saved: A − 30 days is the same local clock time 30 calendar days earlier in Z.
    as_of_local = local(A, Z)
    month_start = from_wall(as_of_local.replace(tzinfo=None) - timedelta(days=30), Z)
    saves = [r for r in latest_per([r for r in records if r["type"] == "saved_article"], lambda r: r["article"], A).values()
             if r["save"]]
    last_30 = [r for r in saves if month_start <= r["t"] <= A]
    in_year = [r for r in saves if start <= r["t"] < end]
    last_saved = max((r["t"] for r in last_30), default=None)
    # §2.1: the reader's language: --locale; else the latest record's locale; else the language of
    # the wiki with the most counted reading time (the first domain in byte order on ties); else en.
    if locale != "auto":
        L = conventional(locale)
    else:
        named = [r for r in records if r["locale"] and r["kind"] == "instant" and r["stamp"] <= A]
        if named:
            L = conventional(max(named, key=lambda r: (r["stamp"], r["order"]))["locale"])
        else:
            per_wiki = {}
            for v in views:
                per_wiki[v["article"][0]] = per_wiki.get(v["article"][0], 0) + v["ms"]
            top_wiki = min(per_wiki, key=lambda w: (-per_wiki[w], w.encode()), default=None)
            L = (top_wiki and wiki_language(top_wiki)) or "en"
    display = ""
    if last_saved is not None:
        from babel.dates import format_skeleton, format_time
        moment = local(last_saved, Z)
        if moment.date() == as_of_local.date():
            display = format_time(moment.time().replace(second=0, microsecond=0), "short", locale=babel_locale(L))
        else:
            display = format_skeleton("MMMMd", moment.date(), locale=babel_locale(L))
    recent = sorted(in_year, key=lambda r: (-r["t"], r["article"][0].encode(), r["article"][1].encode()))[:3]
    # §2.3 (v4) saved.unread: of saved.year's articles — so saves whose latest action is a save in W
    # (the window is saved.year's, not A − 30 days) — those with no counted view at or after that
    # save: a view at the save's very instant reads it; views before it, outside W, cleared or of
    # a main page do not. Oldest save first.
    unread = sorted([r for r in in_year if not any(v["article"] == r["article"] and v["t"] >= r["t"] for v in views)],
                    key=lambda r: (r["t"], r["article"][0].encode(), r["article"][1].encode()))

    states = latest_per([r for r in records if r["type"] == "notification_subscription"], lambda r: r["key"], A)
    keys = sorted(states, key=lambda k: (0, NOTIFICATION_KEYS.index(k), "") if k in NOTIFICATION_KEYS else (1, 0, k))

    # §2.3 rabbit_hole: sittings over the views in timestamp order, input order on ties.
    sittings = []
    for v in sorted(views, key=lambda v: (v["t"], v["order"])):
        if not sittings or v["t"] - sittings[-1]["end"] > 30 * 60_000:
            sittings.append({"views": [], "end": v["t"]})
        sittings[-1]["views"].append(v)
        sittings[-1]["end"] = max(sittings[-1]["end"], v["t"] + v["ms"])
    hole = None
    for sitting in sittings:  # in start order: a later one must be strictly better
        n_articles = len({v["article"] for v in sitting["views"]})
        ms = sum(v["ms"] for v in sitting["views"])
        if hole is None or (n_articles, ms) > (hole["articles"], hole["ms"]):
            first, last = sitting["views"][0]["article"], sitting["views"][-1]["article"]
            hole = {"articles": n_articles, "views": len(sitting["views"]), "ms": ms,
                    "start": rfc3339(sitting["views"][0]["t"], Z), "end": rfc3339(sitting["end"], Z),
                    "first": {"wiki": first[0], "title": first[1]}, "last": {"wiki": last[0], "title": last[1]}}
    if hole is not None:
        hole["seconds"] = seconds(hole.pop("ms"))
        hole = {k: hole[k] for k in ("articles", "views", "seconds", "start", "end", "first", "last")}

    previous_ms = sum(v["ms"] for v in previous)
    previous_year = ({"seconds": seconds(previous_ms), "views": len(previous),
                      "articles": len({v["article"] for v in previous})} if previous else None)
    change = None
    if previous_year is not None and previous_ms > 0:
        # The ratio rounded half up to three decimals, then less one.
        change = ((Decimal(reading) / Decimal(previous_ms)).quantize(Decimal("0.001"), rounding=ROUND_HALF_UP) - 1).normalize()

    figures = {
        "user": user, "slides": None, "time_zone": Z, "locale": L,  # stats writes no decks (SPEC §4.4)
        "window": {"start": rfc3339(start, Z), "end": rfc3339(min(end, A), Z)},
        "coverage": {"start": rfc3339(max(start, C) if C is not None else start, Z), "end": rfc3339(min(end, A), Z),
                     "cleared": rfc3339(C, Z) if C is not None and C > start else None,
                     "first_view": rfc3339(min(v["t"] for v in views), Z) if views else None},
        "reading": {"seconds": seconds(reading), "minutes": reading // 60_000, "views": len(views), "articles": n,
                    "average_seconds_per_article": average(reading, n), "median_seconds_per_article": median},
        "top_article": top_articles[0] if top_articles else None,
        "top_articles": top_articles,
        "categories": [{"category": c, "articles": f["articles"], "seconds": seconds(f["ms"])} for c, f in all_categories[:top]],
        "topics": [{"topic": t, "articles": f["articles"], "seconds": seconds(f["ms"])} for t, f in all_topics[:top]],
        "places": places,
        "app_time": {"seconds": seconds(app), "sessions": len(sessions), "average_session_seconds": average(app, len(sessions))},
        "patterns": {"hour": hour, "weekday": mode([m.isoweekday() for m in moments], range(1, 8)),
                     "month": mode([m.month for m in moments], range(1, 13)), "time_of_day": time_of_day(hour)},
        "monthly": monthly,
        "streak": streak,
        "rabbit_hole": hole,
        "previous_year": previous_year,
        "change": {"reading_seconds": change},
        "saved": {"last_30_days": {"count": len(last_30),
                                   "last_saved": None if last_saved is None else rfc3339(last_saved, Z),
                                   "last_saved_display": display},
                  "year": {"count": len(in_year)},
                  "recent": [{"wiki": r["article"][0], "title": r["article"][1], "saved": rfc3339(r["t"], Z),
                              "thumbnail": r["thumbnail"]} for r in recent],
                  "unread": {"count": len(unread),
                             "articles": [{"wiki": r["article"][0], "title": r["article"][1], "saved": rfc3339(r["t"], Z),
                                           "thumbnail": r["thumbnail"]} for r in unread[:3]]}},
        "edits": {"count": len(edits), "pages": len({(e["article"], e["namespace"]) for e in edits})},
        "first_article": first_article,
        "last_article": last_article,
        "longest_view": longest_view,
        "languages": [{"language": l, "articles": g["articles"], "seconds": seconds(g["ms"])} for l, g in languages],
        "notifications": {"subscribed": [k for k in keys if states[k]["enabled"]],
                          "unsubscribed": [k for k in keys if not states[k]["enabled"]]},
    }
    return figures, {"reading": reading, "app": app, "articles": articles, "previous": previous_year and previous_ms,
                     "categories": all_categories, "topics": all_topics, "languages": languages}


def compute(lines, as_of, zone_override=None, fallback_zone="UTC", year=None, top=5,
            excluded=("Main Page",), max_view_seconds=86400, excluded_categories=(), keep_main_pages=False,
            keep_all_categories=False):
    """(readers' figures in user order, cohort, diagnostics) as `yir stats --format json` has them,
    except that notification lists hold keys only."""
    A = milliseconds(datetime.fromisoformat(as_of.replace("Z", "+00:00")))
    readers, diagnostics = read_records(lines, max_view_seconds)
    figures, sums = [], []
    for user in sorted(readers, key=lambda u: u.encode()):
        f, s = reader_figures(user, readers[user], A, zone_override, fallback_zone, year, top, excluded, diagnostics,
                              excluded_categories=excluded_categories, keep_main_pages=keep_main_pages,
                              keep_all_categories=keep_all_categories)
        figures.append(f)
        sums.append(s)
    # §2.3 rank and §2.4 cohort.
    positive = [s["reading"] for s in sums if s["reading"] > 0]
    for f, s in zip(figures, sums):
        more = sum(1 for x in positive if x > s["reading"])
        f["rank"] = {"top_percent": -(-100 * (1 + more) // len(positive)) if s["reading"] > 0 else None}

    def percentiles(values):
        ordered = sorted(v for v in values if v > 0)
        return {f"p{p}": seconds(ordered[-(-p * len(ordered) // 100) - 1]) if ordered else None for p in (50, 90, 99)}
    articles = {}
    for s in sums:
        for key, a in s["articles"].items():
            c = articles.setdefault(key, {"ms": 0, "views": 0, "last": a["last"], "readers": 0})
            c["ms"] += a["ms"]
            c["views"] += a["views"]
            c["readers"] += 1
            c["last"] = max(c["last"], a["last"])
    ranked = sorted(articles.items(), key=lambda item: (-item[1]["ms"], -item[1]["views"], -item[1]["last"],
                                                         item[0][0].encode(), item[0][1].encode()))[:top]
    cohort = {"readers": len(figures), "reading_seconds": seconds(sum(s["reading"] for s in sums)),
              "reading_seconds_percentiles": percentiles([s["reading"] for s in sums]),
              "app_time_seconds_percentiles": percentiles([s["app"] for s in sums]),
              "top_articles": [{"wiki": wiki, "title": name, "seconds": seconds(a["ms"]), "views": a["views"],
                                "readers": a["readers"]} for (wiki, name), a in ranked],
              "previous_year": {"readers": sum(1 for f in figures if f["previous_year"] is not None),
                                "reading_seconds": seconds(sum(s["previous"] or 0 for s in sums))}}
    # §2.4 (v3): the readers' categories and topics summed, their places and edits. (v4) By readers,
    # then seconds, then name, topics' catch-all labels last; each reader's whole list (after the
    # exclusions, before the cut at --top) counts, as in v3.
    for field, name in (("categories", "category"), ("topics", "topic")):
        run = {}
        for s in sums:
            for key, f in s[field]:
                r = run.setdefault(key, {"ms": 0, "readers": 0})
                r["ms"] += f["ms"]
                r["readers"] += 1
        last = catch_all if field == "topics" else (lambda key: False)
        cohort[field] = [{name: key, "seconds": seconds(r["ms"]), "readers": r["readers"]} for key, r in
                         sorted(run.items(), key=lambda i: (last(i[0]), -i[1]["readers"], -i[1]["ms"], i[0].encode()))[:top]]
    with_places = [f["places"] for f in figures if f["places"] is not None]
    cohort["places"] = {"readers": len(with_places), "countries": len({c["country"] for p in with_places for c in p["countries"]})}
    cohort["edits"] = {"readers": sum(1 for f in figures if f["edits"]["count"] > 0),
                       "count": sum(f["edits"]["count"] for f in figures)}
    # §2.4 (v4): every language read, not cut at --top; readers with saves waiting and all of those saves.
    read = {}
    for s in sums:
        for language, g in s["languages"]:
            r = read.setdefault(language, {"readers": 0, "ms": 0})
            r["readers"] += 1
            r["ms"] += g["ms"]
    cohort["languages"] = [{"language": l, "readers": r["readers"], "seconds": seconds(r["ms"])} for l, r in
                           sorted(read.items(), key=lambda i: (-i[1]["readers"], -i[1]["ms"], i[0].encode()))]
    cohort["saved_unread"] = {"readers": sum(1 for f in figures if f["saved"]["unread"]["count"] > 0),
                              "count": sum(f["saved"]["unread"]["count"] for f in figures)}
    return figures, cohort, diagnostics
