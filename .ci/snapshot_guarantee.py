"""The guarantee of an incremental night against a full run of the same night (README, "How fresh is each number?").

- every file but the main tables (movies, tv_series) and the details answers is byte-identical;
- in the main tables (CSV and NDJSON), the same ids, and every column equal except vote_average, vote_count,
  fetched_at and votes_at; popularity equal everywhere;
- vote_average and vote_count equal for every row whose votes_at is tonight;
- no fetched_at on a UTC day before tonight's day minus max_age_days, and votes_at never before fetched_at;
- the details answers equal line by line once popularity, vote_average and vote_count are left out (and, in a
  person's combined_credits, the titles' own fields: a credit's title, date and votes are as of the person's
  fetched_at);
- in tables whose numbers move without a feed entry (DRIFTING: an episode's votes), those columns are equal only
  for titles fetched tonight, every other column for every title;
- people (people.csv, people.ndjson) have no votes: their rows are checked for popularity, every other column and
  their age.
- watch providers move on TMDB without a feed entry: in movie_watch_providers and tv_watch_providers, the rows of
  ids fetched tonight (the main table's fetched_at) equal the full run's, id by id and in order; the rows of ids
  carried from earlier nights are counted (stats carried_offers, and stale_offers for those that differ), not
  compared; so is the watch/providers of their details answers.

Used by check_nightly.py and the benches (bench/catalogue-nightly, bench/catalogue-freshness).
"""
import csv
import datetime
import io
import json
import os

MAIN = ("movies.csv", "tv_series.csv", "movies.ndjson", "tv_series.ndjson", "people.csv", "people.ndjson")
DETAILS = ("movie_details.ndjson", "tv_details.ndjson", "person_details.ndjson")
CREDIT_FIELDS = {"credit_id", "media_type", "id", "character", "order", "episode_count", "department", "job"}
REFRESHED = {"vote_average", "vote_count", "fetched_at", "votes_at"}
ANSWER_NUMBERS = {"popularity", "vote_average", "vote_count"}
# Child tables with columns that move on TMDB without a change-feed entry: as of the title's fetched_at, so equal to
# a full run's only for titles fetched tonight; every other column is equal for every title.
DRIFTING = {"tv_episodes": {"vote_average", "vote_count"}}
PROVIDERS = {"movie_watch_providers": ("movie_id", "movies"), "tv_watch_providers": ("series_id", "tv_series")}
DETAILS_MAIN = {"movie_details.ndjson": "movies", "tv_details.ndjson": "tv_series"}


def snapshot_files(run):
    names = [n for n in os.listdir(run) if n.endswith((".csv", ".ndjson"))]
    names += ["state/" + n for n in os.listdir(os.path.join(run, "state")) if n.startswith("collections_by_movie")]
    return sorted(names)


def rows(path):
    if path.endswith(".csv"):
        with open(path, newline="", encoding="utf-8") as f:
            return list(csv.DictReader(f))
    with open(path, encoding="utf-8") as f:
        return [{k: "" if v is None else json.dumps(v) if not isinstance(v, str) else v
                 for k, v in json.loads(line).items()} for line in f]


def fetched_tonight(run, names, tonight):
    """Per main table (movies, tv_series), the ids whose fetched_at is tonight."""
    ids = {}
    for main in ("movies", "tv_series"):
        name = next((n for n in (main + ".csv", main + ".ndjson") if n in names), None)
        if name:
            ids[main] = {r["id"] for r in rows(os.path.join(run, name)) if r.get("fetched_at") == tonight}
    return ids


def grouped(table_rows, parent):
    groups = {}
    for row in table_rows:
        groups.setdefault(row.get(parent, ""), []).append(row)
    return groups


def check(incremental, full, tonight, max_age_days):
    """Returns (problems, stats) for the snapshot in `incremental` against the one in `full`; `tonight` is the
    runs' clock as `YYYY-MM-DDTHH:MM:SSZ`."""
    day = datetime.date.fromisoformat(tonight[:10])
    oldest = (day - datetime.timedelta(days=max_age_days)).isoformat() + "T00:00:00Z"
    problems = []
    stats = dict(rows=0, tonights_votes=0, older_votes=0, stale_votes=0, fetched_before=0, oldest_fetched_at=tonight,
                 tonights_offers=0, carried_offers=0, stale_offers=0)
    names = snapshot_files(full)
    stats.update(drifting_carried=0, drifting_stale=0)
    if snapshot_files(incremental) != names:
        problems.append(f"the files differ: {snapshot_files(incremental)} against {names}")
    tonights = fetched_tonight(incremental, names, tonight)
    for name in names:
        mine, theirs = os.path.join(incremental, name), os.path.join(full, name)
        if not os.path.exists(mine):
            continue
        if name in MAIN:
            left, right = rows(mine), rows(theirs)
            if [r["id"] for r in left] != [r["id"] for r in right]:
                problems.append(f"{name}: the ids differ from the full run's")
                continue
            counting = name.endswith(".csv")
            for row, whole in zip(left, right):
                for column, value in whole.items():
                    if column not in REFRESHED and row.get(column) != value:
                        problems.append(f"{name} id {row['id']}: {column} is {row.get(column)!r}, a full run's {value!r}")
                fetched, votes = row.get("fetched_at", ""), row.get("votes_at", "")
                if fetched < oldest:
                    problems.append(f"{name} id {row['id']}: fetched_at {fetched} is before {oldest}")
                if "votes_at" not in whole:
                    if counting:
                        stats["fetched_before"] += fetched != tonight
                    continue
                if votes < fetched:
                    problems.append(f"{name} id {row['id']}: votes_at {votes} is before fetched_at {fetched}")
                same = row.get("vote_average") == whole.get("vote_average") and row.get("vote_count") == whole.get(
                    "vote_count")
                if votes == tonight:
                    if not same:
                        problems.append(f"{name} id {row['id']}: tonight's votes differ from a full run's")
                    stats["tonights_votes"] += counting
                else:
                    stats["older_votes"] += counting
                    stats["stale_votes"] += counting and not same
                if counting:
                    stats["rows"] += 1
                    stats["fetched_before"] += fetched != tonight
                    stats["oldest_fetched_at"] = min(stats["oldest_fetched_at"], fetched)
        elif name.split(".")[0] in PROVIDERS:
            parent, main = PROVIDERS[name.split(".")[0]]
            left, right = grouped(rows(mine), parent), grouped(rows(theirs), parent)
            counting = name.endswith(".csv")
            for id in sorted(set(left) | set(right)):
                offers, whole = left.get(id, []), right.get(id, [])
                if id in tonights.get(main, set()):
                    if offers != whole:
                        problems.append(f"{name} id {id}: tonight's offers differ from a full run's")
                    stats["tonights_offers"] += counting * len(offers)
                else:
                    stats["carried_offers"] += counting * len(offers)
                    stats["stale_offers"] += counting * len(offers) * (offers != whole)
        elif os.path.basename(name) in DETAILS:
            with open(mine, encoding="utf-8") as a, open(theirs, encoding="utf-8") as b:
                for number, (x, y) in enumerate(zip(a, b), 1):
                    if x == y:
                        continue
                    x, y = json.loads(x), json.loads(y)
                    carried = name in DETAILS_MAIN and str(x.get("id")) not in tonights.get(DETAILS_MAIN[name], set())
                    for answer in (x, y):
                        for key in ANSWER_NUMBERS:
                            answer.pop(key, None)
                        if carried:
                            answer.pop("watch/providers", None)
                        credits = answer.get("combined_credits") or {}
                        for part in ("cast", "crew"):
                            credits[part] = [{k: v for k, v in credit.items() if k in CREDIT_FIELDS}
                                             for credit in credits.get(part) or []]
                    if x != y:
                        problems.append(f"{name} line {number} differs from a full run's beyond popularity and votes")
                        break
            if sum(1 for _ in open(mine, "rb")) != sum(1 for _ in open(theirs, "rb")):
                problems.append(f"{name}: not as many answers as a full run's")
        elif name.rsplit(".", 1)[0] in DRIFTING:
            drifting = DRIFTING[name.rsplit(".", 1)[0]]
            parent = "movie_id" if name.startswith("movie_") else "series_id"
            tonight_ids = tonights.get("movies" if name.startswith("movie_") else "tv_series", set())
            left, right = rows(mine), rows(theirs)
            if len(left) != len(right):
                problems.append(f"{name}: {len(left)} rows, a full run's {len(right)}")
                continue
            for number, (row, whole) in enumerate(zip(left, right), 1):
                fetched = row.get(parent) in tonight_ids
                differing = {column for column, value in whole.items() if row.get(column) != value}
                if differing - (set() if fetched else drifting):
                    problems.append(f"{name} row {number} ({parent} {row.get(parent)}): {sorted(differing)} differ "
                                    f"from a full run's")
                if name.endswith(".csv") and not fetched:
                    stats["drifting_carried"] += 1
                    stats["drifting_stale"] += bool(differing)
        else:
            with open(mine, "rb") as a, open(theirs, "rb") as b:
                while True:
                    x, y = a.read(1 << 22), b.read(1 << 22)
                    if x != y:
                        problems.append(f"{name} differs from the full run's")
                        break
                    if not x:
                        break
    return problems, stats
