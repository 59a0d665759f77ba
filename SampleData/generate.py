#!/usr/bin/env python3
"""Writes SampleData/: a small, realistic reading-app export for `make report`.

Deterministic (fixed seed): running it again gives the same bytes. README.md beside this
file says what each part is there to show. Run: python3 SampleData/generate.py
"""
import gzip
import json
import math
import os
import random
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
# The native export; SampleData/profiles/ holds the same reading in other apps' formats.
OUT = os.path.join(HERE, "wikipedia")
rng = random.Random(2025)

ARTICLES = {
    "en": ["Ada Lovelace", "Photosynthesis", "Taylor Swift", "Climate change", "Python (programming language)",
           "Marie Curie", "Black hole", "The Beatles", "Albert Einstein", "Moon", "Octopus", "Roman Empire",
           "Great Barrier Reef", "Artificial intelligence", "Jane Austen"],
    "de": ["Berlin", "Johann Wolfgang von Goethe", "Schwarzwald", "Dürre", "Fußball-Weltmeisterschaft 2026",
           "Brandenburger Tor", "Rhein", "Käsespätzle"],
    "hi": ["भारत", "ताजमहल", "क्रिकेट", "गंगा नदी", "दिवाली"],
    "es": ["Frida Kahlo", "Ciudad de México", "Día de Muertos", "Teotihuacán", "Gabriel García Márquez"],
    "ja": ["東京", "富士山", "新幹線", "源氏物語", "寿司"],
    "pt": ["Lisboa", "Fernando Pessoa", "Fado"],
    "fr": ["Tour Eiffel", "Marie Curie"],
    "ar": ["القاهرة", "ابن سينا", "الخوارزمي", "بيت الحكمة", "الأهرامات", "نجيب محفوظ"],
    "he": ["ירושלים", "ים המלח", "עברית", "חיים נחמן ביאליק"],
    "fa": ["حافظ", "شاهنامه", "اصفهان", "تخت جمشید", "نوروز"],
    "ru": ["Пушкин, Александр Сергеевич", "Москва", "Байкал", "Толстой, Лев Николаевич"],
    "zh": ["臺北101", "日月潭", "珍珠奶茶", "蘇東坡"],
}
# What articles are about and where, as the apps record it on each page view (SPEC §1.2):
# categories, `articletopic` topics, the place (None: about no place) and a lead image. Taken
# from the title alone, so the random choices above and below stay what they were.
SUBJECTS = {
    "Ada Lovelace": (["1815 births", "English mathematicians", "Women computer scientists"],
                     ["Culture.Biography.Biography*", "Culture.Biography.Women", "STEM.Computing"], (51.5072, -0.1276), True),
    "Photosynthesis": (["Photosynthesis", "Plant physiology"], ["STEM.Biology"], None, True),
    "Taylor Swift": (["1989 births", "American pop singers"], ["Culture.Biography.Biography*", "Culture.Media.Music"], None, True),
    "Climate change": (["Climate change", "Environmental issues"], ["STEM.Earth_and_environment"], None, True),
    "Python (programming language)": (["Programming languages"], ["STEM.Computing"], None, False),
    "Marie Curie": (["1867 births", "Nobel laureates in Physics", "Women physicists"],
                    ["Culture.Biography.Biography*", "Culture.Biography.Women", "STEM.Physics"], (52.2297, 21.0122), True),
    "Black hole": (["Black holes", "Astrophysics"], ["STEM.Space", "STEM.Physics"], None, True),
    "The Beatles": (["The Beatles", "English rock music groups"], ["Culture.Media.Music"], (53.4084, -2.9916), True),
    "Albert Einstein": (["1879 births", "Nobel laureates in Physics"], ["Culture.Biography.Biography*", "STEM.Physics"], None, True),
    "Moon": (["Moon", "Natural satellites"], ["STEM.Space"], None, True),
    "Octopus": (["Octopuses", "Cephalopods"], ["STEM.Biology"], None, True),
    "Roman Empire": (["Roman Empire", "Former empires"], ["History_and_Society.History"], (41.8933, 12.4829), True),
    "Great Barrier Reef": (["Coral reefs", "World Heritage Sites in Australia"],
                           ["Geography.Regions.Oceania", "STEM.Earth_and_environment"], (-18.2871, 147.6992), True),
    "Artificial intelligence": (["Artificial intelligence", "Computational fields of study"], ["STEM.Computing"], None, False),
    "Jane Austen": (["1775 births", "English novelists", "Women novelists"],
                    ["Culture.Biography.Biography*", "Culture.Biography.Women", "Culture.Literature"], (51.1496, -0.9754), True),
    "Berlin": (["Capitals in Europe", "Cities in Germany"], ["Geography.Regions.Europe.Western_Europe"], (52.52, 13.405), True),
    "Johann Wolfgang von Goethe": (["1749 births", "German poets"], ["Culture.Biography.Biography*", "Culture.Literature"],
                                   (50.9795, 11.3235), True),
    "Schwarzwald": (["Mountain ranges of Germany", "Forests of Germany"], ["Geography.Regions.Europe.Western_Europe"],
                    (48.3, 8.15), True),
    "Dürre": (["Droughts", "Climate"], ["STEM.Earth_and_environment"], None, False),
    "Brandenburger Tor": (["Gates in Germany", "Landmarks in Berlin"], ["Geography.Regions.Europe.Western_Europe",
                          "Culture.Visual_arts.Architecture"], (52.5163, 13.3777), True),
    "Rhein": (["Rivers of Germany", "Rivers of Switzerland"], ["Geography.Regions.Europe.Western_Europe"], (50.3569, 7.5890), True),
    "Käsespätzle": (["Swabian cuisine", "Pasta dishes"], ["Culture.Food_and_drink"], None, False),
    "भारत": (["Countries in Asia"], ["Geography.Regions.Asia.South_Asia"], (21.0, 78.0), True),
    "ताजमहल": (["World Heritage Sites in India", "Mausoleums"], ["Geography.Regions.Asia.South_Asia", "Culture.Visual_arts.Architecture"],
               (27.1751, 78.0421), True),
    "गंगा नदी": (["Rivers of India"], ["Geography.Regions.Asia.South_Asia"], (25.3176, 82.9739), True),
    "Frida Kahlo": (["1907 births", "Mexican painters", "Women artists"],
                    ["Culture.Biography.Biography*", "Culture.Visual_arts.Visual_arts*"], (19.355, -99.1627), True),
    "Ciudad de México": (["Capitals in North America", "Cities in Mexico"], ["Geography.Regions.Americas.Central_America"],
                         (19.4326, -99.1332), True),
    "Teotihuacán": (["Archaeological sites in Mexico"], ["History_and_Society.History"], (19.6925, -98.8438), True),
    "東京": (["Capitals in Asia", "Cities in Japan"], ["Geography.Regions.Asia.East_Asia"], (35.6895, 139.6917), True),
    "富士山": (["Volcanoes of Japan", "Mountains of Japan"], ["Geography.Regions.Asia.East_Asia"], (35.3606, 138.7274), True),
    "新幹線": (["High-speed rail in Japan"], ["STEM.Engineering"], None, True),
    "Lisboa": (["Capitals in Europe", "Cities in Portugal"], ["Geography.Regions.Europe.Southern_Europe"], (38.7223, -9.1393), True),
    "Tour Eiffel": (["Towers in Paris"], ["Culture.Visual_arts.Architecture"], (48.8584, 2.2945), True),
    "القاهرة": (["Capitals in Africa", "Cities in Egypt"], ["Geography.Regions.Africa.Northern_Africa"], (30.0444, 31.2357), True),
    "ירושלים": (["Holy cities"], ["Geography.Regions.Asia.West_Asia"], (31.7683, 35.2137), True),
    "اصفهان": (["Cities in Iran"], ["Geography.Regions.Asia.West_Asia"], (32.6546, 51.668), True),
    "Москва": (["Capitals in Europe", "Cities in Russia"], ["Geography.Regions.Europe.Eastern_Europe"], (55.7558, 37.6173), True),
    "Байкал": (["Lakes of Russia"], ["Geography.Regions.Asia.North_Asia"], (53.5, 108.0), True),
    "臺北101": (["Skyscrapers in Taiwan"], ["Culture.Visual_arts.Architecture"], (25.0339, 121.5645), True),
    "日月潭": (["Lakes of Taiwan"], ["Geography.Regions.Asia.East_Asia"], (23.8575, 120.9155), True),
}
# Edits some readers saved (SPEC §1.2 `edit`): (user, local time, site, title, namespace).
EDITS = [
    ("ana", "2025-03-08T20:15:00+01:00", "de.wikipedia.org", "Schwarzwald", 0),
    ("ana", "2025-03-08T20:40:00+01:00", "de.wikipedia.org", "Schwarzwald", 0),
    ("ana", "2025-06-21T11:05:00+02:00", "de.wikipedia.org", "Diskussion:Rhein", 1),
    ("ana", "2025-10-02T18:30:00+02:00", "en.wikipedia.org", "Ada Lovelace", 0),
    ("kiran", "2025-09-14T21:00:00+05:30", "hi.wikipedia.org", "गंगा नदी", 0),
]


def subjects(title):
    """The page view fields that say what the article is about and where."""
    if title not in SUBJECTS:
        return {}
    categories, topics, place, image = SUBJECTS[title]
    fields = {"categories": categories, "topics": topics}
    if place:
        fields["coordinates"] = {"lat": place[0], "lon": place[1]}
    if image:
        name = title.replace(" ", "_") + ".jpg"
        fields["thumbnail"] = THUMB.format("a", "ab", name, name)
    return fields


# Each reader: zone(s), languages with weights, how often they read.
READERS = {
    "ana": dict(zones=[("Europe/Berlin", None)], langs={"en": 2, "de": 3}, p=0.55),
    "kiran": dict(zones=[("Asia/Kolkata", None)], langs={"en": 3, "hi": 2}, p=0.45),
    "sam": dict(zones=[("Australia/Adelaide", None)], langs={"en": 1}, p=0.40),
    "lucía": dict(zones=[("America/Mexico_City", None)], langs={"es": 3, "en": 1}, p=0.35),
    "tomo": dict(zones=[("Asia/Tokyo", None)], langs={"ja": 4, "en": 1}, p=0.30),
    "jordan": dict(zones=[("America/New_York", datetime(2025, 8, 15)), ("Europe/Lisbon", None)],
                   langs={"en": 3, "pt": 1}, p=0.25),
}
# Readers whose phones kept 2024 too (wikipedia/two-years.jsonl), with a probability per year.
TWO_YEAR_READERS = {
    "noor": dict(zones=[("Africa/Cairo", None)], langs={"en": 3, "fr": 1}, p={2024: 0.50, 2025: 0.16}),
    "mika": dict(zones=[("Europe/Helsinki", None)], langs={"en": 2, "de": 1}, p={2024: 0.30, 2025: 0.35}),
}
# Readers who read mostly in other languages (wikipedia/languages.jsonl): the app's language on
# their records (`locale`), or, for reza, none — his slides follow the wiki he reads most.
LANGUAGE_READERS = {
    "مريم": dict(zones=[("Africa/Cairo", None)], langs={"ar": 5, "en": 1}, p=0.30, locale="ar"),
    "noa": dict(zones=[("Asia/Jerusalem", None)], langs={"he": 4, "en": 1}, p=0.25, locale="he"),
    "reza": dict(zones=[("Asia/Tehran", None)], langs={"fa": 1}, p=0.20, locale=None),
    "olga": dict(zones=[("Europe/Moscow", None)], langs={"ru": 3, "en": 1}, p=0.30, locale="ru"),
    "rafaela": dict(zones=[("America/Sao_Paulo", None)], langs={"pt": 3, "en": 1}, p=0.25, locale="pt-BR"),
    "ming": dict(zones=[("Asia/Taipei", None)], langs={"zh": 3, "ja": 1}, p=0.25, locale="zh-TW"),
}
ALL_READERS = {**READERS, **TWO_YEAR_READERS, **LANGUAGE_READERS}
# Site spellings a real mix of app versions and exports produces; all normalise to one domain.
SITE_FORMS = {
    "en": ["en.wikipedia.org", "enwiki", "wikipedia~en"],
    "de": ["de.wikipedia.org", "dewiki"],
    "hi": ["hi.wikipedia.org", "hiwiki"],
    "es": ["es.wikipedia.org", "wikipedia~es"],
    "ja": ["wikipedia~ja", "ja.wikipedia.org"],
    "pt": ["pt.wikipedia.org"],
    "fr": ["frwiki"],
    "ar": ["ar.wikipedia.org", "arwiki"],
    "he": ["he.wikipedia.org"],
    "fa": ["fa.wikipedia.org", "wikipedia~fa"],
    "ru": ["ru.wikipedia.org", "ruwiki"],
    "zh": ["zh.wikipedia.org", "wikipedia~zh~zh-tw"],
}
THUMB = "https://upload.wikimedia.org/wikipedia/commons/thumb/{}/{}/{}/320px-{}"
NOTIFICATION_KEYS = ["echo-subscriptions-push-edit-user-talk", "echo-subscriptions-push-edit-thank",
                     "echo-subscriptions-push-mention", "echo-subscriptions-push-reverted",
                     "echo-subscriptions-push-login-fail", "echo-subscriptions-push-thank-you-edit"]


def zone_at(reader, day):
    for name, until in ALL_READERS[reader]["zones"]:
        if until is None or day < until:
            return name


def stamp(dt_local, zone, style):
    """The same instant in the forms real exports use."""
    aware = dt_local.replace(tzinfo=ZoneInfo(zone))
    if style == "epoch":
        return int(aware.timestamp() * 1000)
    if style == "local":  # no offset: read in the record's tz
        return aware.strftime("%Y-%m-%dT%H:%M:%S")
    if style == "utc":
        return aware.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
    return aware.isoformat(timespec="seconds")


def title_form(title):
    r = rng.random()
    if r < 0.15:
        return title.replace(" ", "_")
    return title


def pick(weights):
    items = list(weights)
    return rng.choices(items, [weights[i] for i in items])[0]


def reading_year(user, out, tablet, first_day=datetime(2024, 12, 20)):
    cfg = ALL_READERS[user]
    n = 0
    day = first_day
    while day < datetime(2026, 1, 1):
        zone = zone_at(user, day)
        weekend = day.weekday() >= 5
        p = cfg["p"][day.year] if isinstance(cfg["p"], dict) else cfg["p"]
        if rng.random() < p * (1.3 if weekend else 1.0):
            for _ in range(rng.choice([1, 1, 1, 2])):
                hour = rng.choice([7, 8, 12, 13, 18, 19, 20, 21, 21, 22, 23, 0])
                start = day + timedelta(hours=hour, minutes=rng.randrange(60), seconds=rng.randrange(60))
                if hour == 0:
                    start += timedelta(days=1)
                t = start
                total = 0.0
                for _ in range(rng.randint(1, 5)):
                    lang = pick(cfg["langs"])
                    title = rng.choice(ARTICLES[lang][: rng.randint(2, len(ARTICLES[lang]))])
                    seconds = round(min(math.exp(rng.gauss(4.2, 0.9)), 3000), rng.choice([0, 1, 3]))
                    n += 1
                    rec = {"type": "page_view", "id": f"pv-{user}-{n}", "user": user,
                           "timestamp": stamp(t, zone, rng.choice(["offset", "offset", "utc", "epoch", "local"])),
                           "tz": zone, "wiki": rng.choice(SITE_FORMS[lang]), "title": title_form(title),
                           "seconds": seconds, **subjects(title)}
                    if user == "ana" and rng.random() < 0.25:
                        # Ana also reads on a tablet whose export has no "type" (the file name says it).
                        del rec["type"]
                        tablet.append(rec)
                    else:
                        out.append(rec)
                    t += timedelta(seconds=seconds + rng.randint(3, 40))
                    total += seconds
                    if rng.random() < 0.03:
                        out.append({"type": "saved_article", "id": f"sv-{user}-{n}", "user": user,
                                    "timestamp": stamp(t, zone, "offset"), "tz": zone,
                                    "wiki": SITE_FORMS[lang][0], "title": title,
                                    "thumbnail": THUMB.format("a", "ab", title.replace(" ", "_") + ".jpg",
                                                              title.replace(" ", "_") + ".jpg")})
                duration = int((total + rng.randint(20, 300)) * 1000)
                out.append({"type": "session", "id": f"ss-{user}-{n}", "user": user,
                            "timestamp": stamp(start, zone, "offset"), "tz": zone, "duration_ms": duration})
        day += timedelta(days=1)


def main():
    main_records, tablet = [], []
    for user in READERS:
        reading_year(user, main_records, tablet)

    # Ana pressed "Clear history" on 14 February: her earlier views and sessions no longer count.
    main_records.append({"type": "history_cleared", "user": "ana", "timestamp": "2025-02-14T21:05:00+01:00",
                         "tz": "Europe/Berlin"})
    # Notifications: switched on, some later off; one key the table does not know.
    for user, keys in {"ana": NOTIFICATION_KEYS[:4], "kiran": NOTIFICATION_KEYS[2:], "sam": NOTIFICATION_KEYS[:1]}.items():
        zone = READERS[user]["zones"][0][0]
        for i, key in enumerate(keys):
            main_records.append({"type": "notification_subscription", "user": user, "key": key, "enabled": True,
                                 "timestamp": stamp(datetime(2025, 1, 3 + i, 9), zone, "offset"), "tz": zone})
    main_records.append({"type": "notification_subscription", "user": "ana", "key": "echo-subscriptions-push-mention",
                         "enabled": False, "timestamp": "2025-09-01T08:00:00+02:00", "tz": "Europe/Berlin"})
    main_records.append({"type": "notification_subscription", "user": "kiran", "key": "app-reading-reminder",
                         "enabled": True, "timestamp": "2025-04-01T08:00:00+05:30", "tz": "Asia/Kolkata"})
    # Saves and unsaves near the as-of instant (2025-12-31T12:00Z, still 2025 in every sample zone) to fill the 30-day window.
    extra_saves = [
        ("ana", "2025-12-31T12:48:00+01:00", "de.wikipedia.org", "Brandenburger Tor", "save"),
        ("ana", "2025-12-20T10:00:00+01:00", "enwiki", "Moon", "save"),
        ("ana", "2025-12-22T10:00:00+01:00", "enwiki", "Moon", "unsave"),
        ("kiran", "2025-12-12T19:30:00+05:30", "hi.wikipedia.org", "दिवाली", "save"),
        ("tomo", "2025-12-30T23:10:00+09:00", "wikipedia~ja", "富士山", "save"),
        # After the as-of instant: ignored, counted under after_as_of.
        ("sam", "2026-01-01T06:00:00+10:30", "en.wikipedia.org", "Great Barrier Reef", "save"),
    ]
    for user, ts, wiki, title, action in extra_saves:
        zone = READERS[user]["zones"][-1][0]
        main_records.append({"type": "saved_article", "user": user, "timestamp": ts, "tz": zone,
                             "wiki": wiki, "title": title, "action": action})
    # Implausible durations: a timer never stopped.
    main_records.append({"type": "page_view", "user": "sam", "timestamp": "2025-07-04T21:00:00+09:30",
                         "tz": "Australia/Adelaide", "wiki": "enwiki", "title": "Octopus", "seconds": 190000})
    main_records.append({"type": "session", "user": "lucía", "timestamp": "2025-03-01T10:00:00-06:00",
                         "tz": "America/Mexico_City", "duration_ms": 100000000})
    # Pages that are not articles, or excluded: the Main Page, a talk page.
    main_records.append({"type": "page_view", "user": "kiran", "timestamp": "2025-05-05T09:00:00+05:30",
                         "tz": "Asia/Kolkata", "wiki": "enwiki", "title": "Main_Page", "seconds": 12})
    main_records.append({"type": "page_view", "user": "kiran", "timestamp": "2025-05-05T09:01:00+05:30",
                         "tz": "Asia/Kolkata", "wiki": "enwiki", "title": "Talk:Moon", "namespace": 1, "seconds": 40})
    # A title in decomposed Unicode (NFD) is the same article as its NFC form.
    main_records.append({"type": "page_view", "user": "ana", "timestamp": "2025-08-09T10:00:00+02:00",
                         "tz": "Europe/Berlin", "wiki": "dewiki", "title": "Du\u0308rre", "seconds": 75})
    # A thumbnail with a scheme other than http(s) is dropped and counted.
    main_records.append({"type": "saved_article", "user": "lucía", "timestamp": "2025-11-02T12:00:00-06:00",
                         "tz": "America/Mexico_City", "wiki": "es.wikipedia.org", "title": "Día de Muertos",
                         "thumbnail": "ftp://example.org/calavera.jpg"})

    main_records.sort(key=lambda r: (r["user"], str(r["timestamp"])))
    lines = [json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in main_records]
    # Duplicate ids: an export that repeats a few records (the first counts).
    for i in (10, 200, 900):
        lines.append(lines[i])
    # Bad lines, each rejected for its own reason; every other line still counts.
    bad = [
        '{"type":"page_view","user":"ana","timestamp":"2025-13-01T10:00:00Z","wiki":"enwiki","title":"Moon","seconds":5}',
        '{"type":"page_view","user":"kiran","timestamp":"2025-06-01T10:00:00Z","wiki":"enwiki","title":"Moon","seconds":-3}',
        '{"type":"bookmark","user":"sam","timestamp":"2025-06-01T10:00:00Z"}',
        '{"type":"session","user":"tomo","timestamp":"2025-06-01T10:00:00Z","duration_ms":1000,"tz":"Asia/Edo"}',
        '{"type":"page_view","user":"ana","timestamp":"2025-06-01T10:00:00Z","wiki":"enwiki","title":"Moon","seconds":5',
        '{"type":"session","user":"lucía","duration_ms":4000}',
    ]
    for i, line in enumerate(bad):
        lines.insert(500 * (i + 1), line)
    with open(os.path.join(OUT, "app-export.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")

    # Ana's tablet: CRLF line ends, no "type" (from the file name), gzip, two re-exported records.
    tablet_lines = [json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in tablet]
    tablet_lines += tablet_lines[:2]
    os.makedirs(os.path.join(OUT, "tablet"), exist_ok=True)
    with open(os.path.join(OUT, "tablet", "page_views-tablet.jsonl.gz"), "wb") as f:
        with gzip.GzipFile(fileobj=f, mode="wb", mtime=0, filename="") as gz:
            gz.write(("\r\n".join(tablet_lines) + "\r\n").encode())

    # Lee only saves articles (and unsaves one); a BOM at the start, as some Windows tools write.
    lee = [
        ("2025-03-08T09:15:00+00:00", "en.wikipedia.org", "Jane Austen", "save", "Reading list"),
        ("2025-06-21T20:40:00+01:00", "en.wikipedia.org", "Great Barrier Reef", "save", None),
        ("2025-11-30T08:05:00+00:00", "frwiki", "Tour Eiffel", "save", "Paris"),
        ("2025-12-05T22:00:00+00:00", "en.wikipedia.org", "Great Barrier Reef", "unsave", None),
        ("2025-12-18T07:30:00+00:00", "en.wikipedia.org", "Octopus", "save", None),
    ]
    # Edits, in a file whose name gives their type (no "type" field).
    with open(os.path.join(OUT, "edits-app.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for user, ts, wiki, title, namespace in EDITS:
            edit = {"user": user, "timestamp": ts, "tz": READERS[user]["zones"][-1][0], "wiki": wiki, "title": title}
            if namespace:
                edit["namespace"] = namespace
            f.write(json.dumps(edit, ensure_ascii=False, separators=(",", ":")) + "\n")
    with open(os.path.join(OUT, "saved_articles-lee.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        f.write("\ufeff")
        for ts, wiki, title, action, lst in lee:
            rec = {"user": "lee", "timestamp": ts, "tz": "Europe/London", "wiki": wiki, "title": title, "action": action}
            if lst:
                rec["list"] = lst
            if action == "save":
                rec["thumbnail"] = THUMB.format("b", "b2", title.replace(" ", "_") + ".jpg", title.replace(" ", "_") + ".jpg")
            f.write(json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n")

    two_years()
    languages()


def languages():
    """wikipedia/languages.jsonl: readers who read mostly in Arabic, Hebrew, Persian, Russian,
    Brazilian Portuguese and Traditional Chinese, from a random source of their own."""
    global rng
    main_rng, rng = rng, random.Random(2026)
    records = []
    for user, cfg in LANGUAGE_READERS.items():
        mine = []
        reading_year(user, mine, mine)
        for r in mine:
            if cfg["locale"]:
                r["locale"] = cfg["locale"]
        records += mine
    records.sort(key=lambda r: (r["user"], str(r["timestamp"])))
    with open(os.path.join(OUT, "languages.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")
    rng = main_rng


def two_years():
    """wikipedia/two-years.jsonl: two readers whose records reach back to 1 January 2024, from a
    random source of their own so that the main export stays as it was. Noor read much more in
    2024 than in 2025 (the slides compare kindly); Mika pressed "Clear history" in April 2025,
    which also takes her 2024 out of the comparison."""
    global rng
    main_rng, rng = rng, random.Random(2024)
    records = []
    for user in TWO_YEAR_READERS:
        reading_year(user, records, records, first_day=datetime(2024, 1, 1))
    records.append({"type": "history_cleared", "user": "mika", "timestamp": "2025-04-12T19:30:00+03:00",
                    "tz": "Europe/Helsinki"})
    records.sort(key=lambda r: (r["user"], str(r["timestamp"])))
    with open(os.path.join(OUT, "two-years.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")
    rng = main_rng


if __name__ == "__main__":
    main()
