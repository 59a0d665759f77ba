#!/usr/bin/env python3
"""DuckDB doing yir's job: every reader's figures of `yir stats --format jsonl`, computed in SQL
and written as JSON Lines. This is the equal-work yardstick of `make bench` (compare.py): what an
analyst without yir would write.

usage: duck_full.py EXPORT THREADS AS_OF OUT.jsonl

Where it comes from: the project's shared benchmark kit (`bench/duck_full.py`, kept beside the
repository in CI). It is copied here, not called from there, because a clone of yir alone does
not have that folder and `make bench` must run on one; and because this copy says more than the
original. What the copy adds, each checked field by field against yir by equal_work_check.py:
- timestamps in every form the native profile reads with an offset: numbers (epoch
  milliseconds, a fraction cut towards the past), `±HH:MM` offsets as well as `Z`, a space or
  a lower-case `t`/`z`, fractions cut to the millisecond (the original read only RFC 3339
  strings with `Z`);
- averages rounded to the millisecond in integers, half away from zero (the original rounded
  a binary double and wrote 68.05 where yir, exactly, writes 68.051);
- titles in Unicode NFC (`nfc_normalize`), so decomposed and composed forms are one article,
  with `_` read as a space before Unicode white space is trimmed (the original trimmed spaces
  first, so `Dürre_` stayed apart from `Dürre`);
- `window`, `coverage`, `rabbit_hole`, `previous_year` and `change`, `patterns.time_of_day`,
  `rank.top_percent`, `saved.recent` (with each save's
  thumbnail), `saved.last_30_days.last_saved_display` (English), `notifications` (labels and
  table order), and twelve empty months and an empty streak for readers without counted views
  (the original wrote null there).
Still not said in SQL: a reader's language (`locale`, and `last_saved_display` in it: CLDR's
patterns for every language are beyond a query; equal_work_check.py runs yir with `--locale en`,
while compare.py times yir choosing and formatting each reader's language, the more work), local
times without an offset (they need the reader's zone, which is itself chosen by time), leap seconds, database names other than `xxwiki` (`dewiktionary`…),
--exclude-title lists other than `Main Page`, and lines yir rejects (read_ndjson would fail or
read them differently). Both generators of `make bench` stay inside what it says.
"""
import duckdb, sys

# The labels as an analyst would type them in: written out here rather than read from yir's
# sources, so that the check compares two independent tables.
NOTIFICATION_LABELS = [
    ("echo-subscriptions-push-edit-user-talk", "Talk page message"),
    ("echo-subscriptions-push-edit-thank", "Thanks"),
    ("echo-subscriptions-push-dt-subscription", "Talk page subscription"),
    ("echo-subscriptions-push-cx", "Translations"),
    ("echo-subscriptions-push-mention", "Mention"),
    ("echo-subscriptions-push-mention-failure", "Failed mention"),
    ("echo-subscriptions-push-mention-success", "Successful mention"),
    ("echo-subscriptions-push-article-linked", "Page link"),
    ("echo-subscriptions-push-wikibase-action", "Connection with Wikidata"),
    ("echo-subscriptions-push-login-fail", "Failed login attempts"),
    ("echo-subscriptions-push-login-success", "Login from an unfamiliar device"),
    ("echo-subscriptions-push-page-review", "Page review"),
    ("echo-subscriptions-push-user-rights", "User rights change"),
    ("echo-subscriptions-push-reverted", "Edit revert"),
    ("echo-subscriptions-push-emailuser", "Email from other user"),
    ("echo-subscriptions-push-thank-you-edit", "Edit milestone"),
]

# Unicode's White_Space, which yir trims around a title (DuckDB's trim() alone takes spaces only).
WHITE_SPACE = "".join(map(chr, [*range(0x09, 0x0E), 0x20, 0x85, 0xA0, 0x1680, *range(0x2000, 0x200B),
                                0x2028, 0x2029, 0x202F, 0x205F, 0x3000]))

src, threads, as_of, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
labels = ", ".join(f"('{k}', '{v}', {i})" for i, (k, v) in enumerate(NOTIFICATION_LABELS))
con = duckdb.connect()
con.execute(f"SET threads={threads}")
con.execute("SET TimeZone='UTC'")
# CLDR's English short time puts a narrow no-break space before AM and PM (since CLDR 42).
NARROW_NBSP = "\u202f"
q = f"""
COPY (
WITH raw AS (
  SELECT *, row_number() OVER () AS ord FROM read_ndjson('{src}', columns={{'type':'VARCHAR','user':'VARCHAR','wiki':'VARCHAR',
    'title':'VARCHAR','timestamp':'VARCHAR','seconds':'DOUBLE','duration_ms':'DOUBLE','namespace':'BIGINT','action':'VARCHAR',
    'tz':'VARCHAR','id':'VARCHAR','thumbnail':'VARCHAR','key':'VARCHAR','enabled':'BOOLEAN'}})),
r AS (SELECT type, coalesce("user", 'default') u,
        CASE WHEN wiki LIKE '%.%' THEN replace(lower(wiki), '.m.', '.')
             WHEN wiki LIKE 'wikipedia~%' THEN split_part(wiki, '~', 2) || '.wikipedia.org'
             WHEN regexp_matches(wiki, '^[a-z_]+?wiki$') THEN replace(regexp_extract(wiki, '^([a-z_]+?)wiki$', 1), '_', '-') || '.wikipedia.org'
             ELSE wiki END wiki, trim(nfc_normalize(replace(title, '_', ' ')), '{WHITE_SPACE}') title,
        CASE WHEN strpos("timestamp", ':') = 0  -- a number: epoch milliseconds
             THEN epoch_ms(floor("timestamp"::DOUBLE)::BIGINT)::TIMESTAMPTZ
             ELSE date_trunc('millisecond', upper("timestamp")::TIMESTAMPTZ) END ts,
        round(seconds * 1000)::BIGINT ms, duration_ms::BIGINT dms, coalesce(namespace, 0) ns, coalesce(action, 'save') action,
        tz, id, thumbnail, "key", enabled, ord
      FROM raw QUALIFY id IS NULL OR id = '' OR row_number() OVER (PARTITION BY "user", type, id ORDER BY ord) = 1),
a AS (SELECT TIMESTAMPTZ '{as_of}' AS A),
zone AS (SELECT u, arg_max(tz, (ts, ord)) z FROM r, a WHERE tz IS NOT NULL AND ts <= A GROUP BY u),
rd AS (SELECT DISTINCT r.u, coalesce(z, 'UTC') z FROM r LEFT JOIN zone USING (u)),
win AS (SELECT u, z, make_timestamptz(year(timezone(z, A)), 1, 1, 0, 0, 0, z) ws,
               make_timestamptz(year(timezone(z, A)) + 1, 1, 1, 0, 0, 0, z) wn FROM rd, a),
clr AS (SELECT u, max(ts) c FROM r, a WHERE type = 'history_cleared' AND ts <= A GROUP BY u),
v AS (SELECT r.u, wiki, title, ts, CASE WHEN ms > 86400000 THEN 0 ELSE ms END ms, timezone(w.z, ts) lt, ord
      FROM r JOIN win w USING (u) LEFT JOIN clr USING (u), a
      WHERE type = 'page_view' AND ts <= A AND (c IS NULL OR ts >= c) AND ts >= ws AND ts < wn AND ns = 0 AND title <> 'Main Page'),
art AS (SELECT u, wiki, title, sum(ms) ms, count(*) n, min(ts) fv, max(ts) lv FROM v GROUP BY ALL),
artr AS (SELECT *, row_number() OVER (PARTITION BY u ORDER BY ms DESC, n DESC, lv DESC, wiki, title) rk FROM art),
tot AS (SELECT u, sum(ms) ms, sum(n) views, count(*) articles, median(ms) med FROM art GROUP BY u),
rnk AS (SELECT u, (100 * rank() OVER (ORDER BY ms DESC) + count(*) OVER () - 1) // count(*) OVER () pct
        FROM tot WHERE ms > 0),
top AS (SELECT u, list({{'wiki': wiki, 'title': title, 'seconds': ms / 1000, 'views': n, 'first_viewed': fv, 'last_viewed': lv}} ORDER BY rk) t
        FROM artr WHERE rk <= 5 GROUP BY u),
hr AS (SELECT u, hour(lt) h, count(*) k FROM v GROUP BY ALL),
wd AS (SELECT u, isodow(lt) d, count(*) k FROM v GROUP BY ALL),
mo AS (SELECT u, month(lt) m, count(*) k, sum(ms) ms FROM v GROUP BY ALL),
pat AS (SELECT u, (SELECT h FROM hr WHERE hr.u = t.u ORDER BY k DESC, h LIMIT 1) h,
               (SELECT d FROM wd WHERE wd.u = t.u ORDER BY k DESC, d LIMIT 1) d,
               (SELECT m FROM mo WHERE mo.u = t.u ORDER BY k DESC, m LIMIT 1) m FROM tot t),
monthly AS (SELECT u, list({{'month': g.m, 'seconds': coalesce(mo.ms, 0) / 1000, 'views': coalesce(mo.k, 0)}} ORDER BY g.m) mm
            FROM rd CROSS JOIN range(1, 13) g(m) LEFT JOIN mo USING (u, m) GROUP BY u),
days AS (SELECT DISTINCT u, lt::DATE dd FROM v),
isl AS (SELECT u, dd, dd - (row_number() OVER (PARTITION BY u ORDER BY dd))::INTEGER grp FROM days),
runs AS (SELECT u, count(*) n, min(dd) s, max(dd) e FROM isl GROUP BY u, grp),
streak AS (SELECT u, arg_max({{'days': n, 'start': s, 'end': e}}, (n, -epoch(s))) st FROM runs GROUP BY u),
ses AS (SELECT r.u, sum(CASE WHEN dms > 86400000 THEN 0 ELSE dms END) ms, count(*) n
        FROM r JOIN win w USING (u) LEFT JOIN clr USING (u), a
        WHERE type = 'session' AND ts <= A AND (c IS NULL OR ts >= c) AND ts >= ws AND ts < wn GROUP BY r.u),
sv AS (SELECT r.u, wiki, title, arg_max(action, (ts, ord)) act, arg_max(thumbnail, (ts, ord)) thumb, max(ts) last FROM r, a
       WHERE type = 'saved_article' AND ts <= A GROUP BY ALL),
svs AS (SELECT sv.*, w.z, w.ws, w.wn, timezone(w.z, timezone(w.z, A) - INTERVAL 30 DAY) since, A FROM sv JOIN win w USING (u), a
        WHERE act = 'save'),
svw AS (SELECT u, count(*) FILTER (WHERE last >= since) c30, max(last) FILTER (WHERE last >= since) l30,
               any_value(z) z, any_value(A) A, count(*) FILTER (WHERE last >= ws AND last < wn) cy
        FROM svs GROUP BY u),
recent AS (SELECT u, list({{'wiki': wiki, 'title': title, 'saved': last, 'thumbnail': thumb}} ORDER BY last DESC, wiki, title)[1:3] rc
           FROM svs WHERE last >= ws AND last < wn GROUP BY u),
labels(k, label, pos) AS (VALUES {labels}),
nt AS (SELECT r.u, "key" k, arg_max(enabled, (ts, ord)) enabled FROM r, a
       WHERE type = 'notification_subscription' AND ts <= A GROUP BY ALL),
ntl AS (SELECT nt.u, nt.enabled, {{'key': nt.k, 'label': coalesce(l.label, nt.k)}} e, coalesce(l.pos, 1000) pos, nt.k FROM nt LEFT JOIN labels l USING (k)),
notif AS (SELECT u, coalesce(list(e ORDER BY pos, k) FILTER (WHERE enabled), []) sub, coalesce(list(e ORDER BY pos, k) FILTER (WHERE NOT enabled), []) unsub
          FROM ntl GROUP BY u),
cov AS (SELECT u, CASE WHEN c > ws THEN c END cleared, greatest(ws, coalesce(c, ws)) cs FROM win LEFT JOIN clr USING (u)),
fv AS (SELECT u, min(ts) first_view FROM v GROUP BY u),
pw AS (SELECT u, make_timestamptz(year(timezone(z, A)) - 1, 1, 1, 0, 0, 0, z) pws,
              CASE WHEN A >= wn THEN ws ELSE timezone(z, timezone(z, A) - INTERVAL 1 YEAR) END pwe FROM win, a),
pv AS (SELECT r.u, sum(CASE WHEN ms > 86400000 THEN 0 ELSE ms END) ms, count(*) views, count(DISTINCT (wiki, title)) articles
       FROM r JOIN pw USING (u) LEFT JOIN clr USING (u)
       WHERE type = 'page_view' AND (c IS NULL OR ts >= c) AND ts >= pws AND ts < pwe AND ns = 0 AND title <> 'Main Page'
       GROUP BY r.u),
sit0 AS (SELECT *, max(ts + to_milliseconds(ms)) OVER (PARTITION BY u ORDER BY ts, ord ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) pe
         FROM v),
sit1 AS (SELECT *, sum(CASE WHEN pe IS NULL OR ts > pe + INTERVAL 30 MINUTE THEN 1 ELSE 0 END)
                   OVER (PARTITION BY u ORDER BY ts, ord ROWS UNBOUNDED PRECEDING) sid FROM sit0),
sits AS (SELECT u, count(DISTINCT (wiki, title)) arts, count(*) views, sum(ms) ms, min(ts) st, max(ts + to_milliseconds(ms)) en,
                arg_min({{'wiki': wiki, 'title': title}}, (ts, ord)) fa, arg_max({{'wiki': wiki, 'title': title}}, (ts, ord)) la
         FROM sit1 GROUP BY u, sid),
rabbit AS (SELECT u, arg_max({{'articles': arts, 'views': views, 'seconds': ms / 1000, 'start': st, 'end': en, 'first': fa, 'last': la}},
                             (arts, ms, -epoch_ms(st))) rh FROM sits GROUP BY u),
chg AS (SELECT u, 1000 * (coalesce(tot.ms, 0) - pv.ms) n, pv.ms d FROM pv LEFT JOIN tot USING (u) WHERE pv.ms > 0)
SELECT rd.u AS "user", rd.z AS time_zone, {{'start': win.ws, 'end': least(win.wn, a.A)}} "window",
       {{'seconds': coalesce(tot.ms, 0) / 1000, 'minutes': coalesce(tot.ms, 0) // 60000, 'views': coalesce(tot.views, 0),
        'articles': coalesce(tot.articles, 0), 'average_seconds_per_article': coalesce((2 * tot.ms + tot.articles) // (2 * tot.articles), 0) / 1000,
        'median_seconds_per_article': coalesce(tot.med, 0) / 1000}} reading,
       top.t[1] top_article, coalesce(top.t, []) top_articles,
       {{'seconds': coalesce(ses.ms, 0) / 1000, 'sessions': coalesce(ses.n, 0),
        'average_session_seconds': coalesce((2 * ses.ms + ses.n) // (2 * ses.n), 0) / 1000}} app_time,
       {{'hour': pat.h, 'weekday': pat.d, 'month': pat.m,
        'time_of_day': CASE WHEN pat.h IS NULL THEN NULL WHEN pat.h <= 4 THEN 'late_night' WHEN pat.h <= 11 THEN 'morning'
                            WHEN pat.h = 12 THEN 'midday' WHEN pat.h <= 16 THEN 'afternoon' WHEN pat.h <= 20 THEN 'evening'
                            ELSE 'night' END}} patterns,
       monthly.mm monthly, coalesce(streak.st, {{'days': 0, 'start': NULL::DATE, 'end': NULL::DATE}}) streak,
       {{'last_30_days': {{'count': coalesce(svw.c30, 0), 'last_saved': svw.l30,
                          'last_saved_display': CASE WHEN svw.l30 IS NULL THEN ''
                              WHEN timezone(svw.z, svw.l30)::DATE = timezone(svw.z, svw.A)::DATE
                              THEN strftime(timezone(svw.z, svw.l30), '%-I:%M{NARROW_NBSP}%p')
                              ELSE strftime(timezone(svw.z, svw.l30), '%B %-d') END}},
        'year': {{'count': coalesce(svw.cy, 0)}}, 'recent': coalesce(recent.rc, [])}} saved,
       {{'subscribed': coalesce(notif.sub, []), 'unsubscribed': coalesce(notif.unsub, [])}} notifications,
       {{'top_percent': rnk.pct}} "rank",
       {{'cleared': cov.cleared, 'start': cov.cs, 'end': least(win.wn, a.A), 'first_view': fv.first_view}} coverage,
       rabbit.rh rabbit_hole,
       CASE WHEN pv.views IS NULL THEN NULL ELSE {{'seconds': pv.ms / 1000, 'views': pv.views, 'articles': pv.articles}} END previous_year,
       {{'reading_seconds': sign(chg.n) * ((2 * abs(chg.n) + chg.d) // (2 * chg.d)) / 1000}} change
FROM rd JOIN win USING (u) LEFT JOIN tot USING (u) LEFT JOIN top USING (u) LEFT JOIN ses USING (u) LEFT JOIN pat USING (u)
        LEFT JOIN monthly USING (u) LEFT JOIN streak USING (u) LEFT JOIN svw USING (u) LEFT JOIN recent USING (u)
        LEFT JOIN notif USING (u) LEFT JOIN rnk USING (u) LEFT JOIN cov USING (u) LEFT JOIN fv USING (u)
        LEFT JOIN pv USING (u) LEFT JOIN rabbit USING (u) LEFT JOIN chg USING (u), a
ORDER BY rd.u
) TO '{out}' (FORMAT JSON)
"""
con.execute(q)
