"""Named days ("thanksgiving", "easter monday", "eid al-fitr", "diwali", "yom kippur"): each a rule
giving its dates in a Gregorian year, and the names people use for it.

Gregorian holidays (fixed dates, nth weekdays, days counted from Western or Orthodox Easter) are
computed here. Holidays on lunar and lunisolar calendars come from maintained libraries through
`_calendars` (imported only when such a name is in the text): Islamic days from the Umm al-Qura
tables, Hindu festivals from the Indian observance tables, Chinese and Buddhist days from their
lunisolar tables, Jewish holidays from the (arithmetic) Hebrew calendar.

Conventions:
- Jewish holidays begin at sundown, and their main observance (the seder, Kol Nidre, the first
  Hanukkah candle) is on the evening before the first full day, so their span starts on that eve and
  runs to the end of the last day ("yom kippur 2018" is Tue 18 Sep to the end of Wed 19 Sep).
  Islamic and Hindu days are the day itself (Eid prayers are in the morning).
- Where English names one day for two countries ("mother's day"), the US date is used; "vesak" is
  the Southeast Asian date, "buddha purnima" the Indian one.
- A name a library has no date for in that year (outside its tables, or the library is not
  installed) gives no date rather than a guess.
"""

from __future__ import annotations

import calendar
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

from steward.clock import FIRST_YEAR, LAST_YEAR
from steward.dates._calendars import (
    YearDates,
    hebrew,
    lunar,
    parsi_new_year,
    sunday_if_shabbat,
    yom_haatzmaut,
    yom_hashoah,
)

DateRule = Callable[[int], date | None]
Span = tuple[date, date]  # first day, the day after the last


def easter(year: int) -> date:
    """Western Easter Sunday (the anonymous Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    el = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * el) // 451
    month, day = divmod(h + el - 7 * m + 114, 31)
    return date(year, month, day + 1)


def orthodox_easter(year: int) -> date:
    """Orthodox Easter Sunday (Julian computus, shown on the Gregorian calendar)."""
    a, b, c = year % 4, year % 7, year % 19
    d = (19 * c + 15) % 30
    e = (2 * a + 4 * b - d + 34) % 7
    month, day = divmod(d + e + 114, 31)
    julian = date(year, month, day + 1)
    return julian + timedelta(days=year // 100 - year // 400 - 2)


def nth_weekday(year: int, month: int, n: int, weekday: int) -> date:
    """The n-th (negative: from the end) given weekday of a month."""
    if n > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    last = date(year, month, calendar.monthrange(year, month)[1])
    return last - timedelta(days=(last.weekday() - weekday) % 7 + 7 * (-n - 1))


def _fixed(month: int, day: int) -> DateRule:
    return lambda y: date(y, month, day)


def _nth(month: int, n: int, weekday: int) -> DateRule:
    return lambda y: nth_weekday(y, month, n, weekday)


def _from_easter(days: int) -> DateRule:
    return lambda y: easter(y) + timedelta(days=days)


def _from_orthodox_easter(days: int) -> DateRule:
    return lambda y: orthodox_easter(y) + timedelta(days=days)


def _nearest_weekday(month: int, day: int) -> DateRule:
    """A fixed date moved off a weekend: Saturday to Friday, Sunday to Monday."""
    def rule(y: int) -> date:
        d = date(y, month, day)
        if d.weekday() == 5:
            return d - timedelta(days=1)
        if d.weekday() == 6:
            return d + timedelta(days=1)
        return d
    return rule


def _kings_day(y: int) -> date:
    d = date(y, 4, 27)
    return d - timedelta(days=1) if d.weekday() == 6 else d


def _tax_day(y: int) -> date:
    """US tax day: April 15, moved past weekends and DC's Emancipation Day."""
    d = date(y, 4, 15)
    emancipation = _nearest_weekday(4, 16)(y)
    while d.weekday() >= 5 or d == emancipation:
        d += timedelta(days=1)
    return d


def _admin_day(y: int) -> date:
    """Wednesday of the last full Sunday-to-Saturday week of April."""
    last = date(y, 4, 30)
    saturday = last - timedelta(days=(last.weekday() - 5) % 7)
    return saturday - timedelta(days=3)


def _grandparents_day(y: int) -> date:
    return nth_weekday(y, 9, 1, 0) + timedelta(days=6)


def _military_spouse_day(y: int) -> date:
    return nth_weekday(y, 5, 2, 6) - timedelta(days=2)


def _super_tuesday(y: int) -> date | None:
    """The first Tuesday of March in US presidential election years (the parties' rule since 2012)."""
    if y % 4:
        return None
    return date(2008, 2, 5) if y == 2008 else nth_weekday(y, 3, 1, 1)


def _shifted(rule: YearDates, days: int) -> YearDates:
    return lambda y: [d + timedelta(days=days) for d in rule(y)]


def _gregorian(rule: DateRule) -> YearDates:
    def dates(y: int) -> list[date]:
        d = rule(y)
        return [d] if d is not None else []
    return dates


Until = Callable[[date], date | None]


def _until(rule: YearDates, extra: int = 0) -> Until:
    """The end of a period that lasts until the next occurrence of `rule` (Ramadan until Eid al-Fitr)."""
    def end(start: date) -> date | None:
        later = [d for y in (start.year, start.year + 1) for d in rule(y) if d > start]
        return min(later) + timedelta(days=extra) if later else None
    return end


@dataclass(frozen=True)
class Holiday:
    """A named day or period.

    `names`: how people write it, one name a string of words; a word may be `a/b` (alternatives) or
    `(a)` (optional); apostrophes are dropped and hyphens and dots split words before matching.
    `dates`: the first day of each occurrence in a Gregorian year. `days`: how many days it lasts,
    or a function giving the day after its last from its first. `eve`: it begins at sundown the day
    before (Jewish holidays: the span starts on the eve). A name written "~name" is also an ordinary
    word ("lent"), so it counts only as the whole text given to `resolve`.
    """

    names: tuple[str, ...]
    dates: YearDates
    days: int | Until = 1
    eve: bool = False


def _h(names: str, rule: DateRule, days: int | Until = 1) -> Holiday:
    """A Gregorian holiday: one date a year."""
    return Holiday(tuple(n.strip() for n in names.split(",")), _gregorian(rule), days)


def _l(names: str, rule: YearDates, days: int | Until = 1, *, eve: bool = False) -> Holiday:
    """A holiday whose rule gives every date in a year (the other calendars)."""
    return Holiday(tuple(n.strip() for n in names.split(",")), rule, days, eve)


_EID_AL_FITR = lunar("islamic", "eid_al_fitr")
_DIWALI = lunar("hindu", "diwali_india")
_DUSSEHRA = lunar("hindu", "dussehra")
_MAHA_ASHTAMI = lunar("hindu", "maha_ashtami")
_PONGAL = lunar("hindu", "pongal")
_HOLI = lunar("hindu", "holi")
_SUKKOT = hebrew(7, 15)

HOLIDAYS: dict[str, Holiday] = {
    # fixed dates
    "christmas": _h("christmas (day), xmas (day), x mas (day)", _fixed(12, 25)),
    "christmas eve": _h("christmas/xmas eve", _fixed(12, 24)),
    "boxing day": _h("boxing day", _fixed(12, 26)),
    "republic day": _h("republic day", _fixed(1, 26)),
    "gandhi jayanti": _h("gandhi jayanti", _fixed(10, 2)),
    "new year's eve": _h("new year/years eve, newyear/newyears eve, nye", _fixed(12, 31)),
    "new year's day": _h("new year/years (day), newyear/newyears (day)", _fixed(1, 1)),
    "valentine's day": _h("valentine/valentines day, valentines", _fixed(2, 14)),
    "halloween": _h("halloween", _fixed(10, 31)),
    "st patrick's day": _h("st/saint patrick/patricks/paddy/paddys day, st/saint patricks", _fixed(3, 17)),
    "groundhog day": _h("groundhog/groundhogs day", _fixed(2, 2)),
    "independence day": _h("independence day, (the) 4th of july, july 4th", _fixed(7, 4)),
    "veterans day": _h("veteran/veterans day, armistice day", _fixed(11, 11)),
    "loyalty day": _h("loyalty day, law day, lei day, may day", _fixed(5, 1)),
    "lincoln's birthday": _h("(abraham) lincoln/lincolns birthday", _fixed(2, 12)),
    "siblings day": _h("(national) sibling/siblings day", _fixed(4, 10)),
    "guy fawkes day": _h("guy fawkes (day/night), bonfire night", _fixed(11, 5)),
    "world vegan day": _h("world vegan day", _fixed(11, 1)),
    "ides of march": _h("(the) ides of march", _fixed(3, 15)),
    "boss's day": _h("boss/bosss/bosses day, ~boss's", _nearest_weekday(10, 16)),
    "emancipation day": _h("emancipation day", _nearest_weekday(4, 16)),
    "king's day": _h("king/kings day, koningsdag", _kings_day),
    "tax day": _h("tax day", _tax_day),
    # nth weekdays
    "thanksgiving": _h("thanksgiving (day)", _nth(11, 4, 3)),
    "black friday": _h("black friday", lambda y: nth_weekday(y, 11, 4, 3) + timedelta(days=1)),
    "cyber monday": _h("cyber monday", lambda y: nth_weekday(y, 11, 4, 3) + timedelta(days=4)),
    "martin luther king day": _h("mlk/mlks (jr/jrs) day, martin luther king/kings (jr/jrs) day, civil rights day",
                                 _nth(1, 3, 0)),
    "presidents' day": _h("president/presidents day, george washington day, washington/washingtons birthday,"
                          " daisy gatson bates day", _nth(2, 3, 0)),
    "memorial day": _h("memorial day, decoration day", _nth(5, -1, 0)),
    "labor day": _h("labor/labour day", _nth(9, 1, 0)),
    "columbus day": _h("columbus day, indigenous people/peoples day", _nth(10, 2, 0)),
    "mother's day": _h("mother/mothers day", _nth(5, 2, 6)),
    "father's day": _h("father/fathers day", _nth(6, 3, 6)),
    "national grandparents day": _h("(national) grandparent/grandparents day", _grandparents_day),
    "military spouse day": _h("military spouse/spouses day", _military_spouse_day),
    "administrative professionals' day": _h("administrative professional/professionals day,"
                                            " secretary/secretaries day, admin/admins day", _admin_day),
    "daylight saving start": _h("daylight saving/savings start (day)", _nth(3, 2, 6)),
    "daylight saving end": _h("daylight saving/savings end (day)", _nth(11, 1, 6)),
    "august bank holiday": _h("(late) august/summer bank holiday", _nth(8, -1, 0)),
    "ems week": _h("ems week, emergency medical services week", _nth(5, 3, 6), 7),
    "emsc day": _h("emsc day", lambda y: nth_weekday(y, 5, 3, 6) + timedelta(days=3)),
    "super tuesday": _h("super tuesday/tue",
                        _super_tuesday),
    # from Easter
    "mothering sunday": _h("mothering sunday", _from_easter(-21)),
    "easter": _h("easter (sunday)", _from_easter(0)),
    "easter monday": _h("easter mon/monday", _from_easter(1)),
    "good friday": _h("good friday", _from_easter(-2)),
    "maundy thursday": _h("maundy thursday, covenant thu/thursday, thu/thursday of mysteries", _from_easter(-3)),
    "palm sunday": _h("palm sunday, branch sunday", _from_easter(-7)),
    "pentecost": _h("pentecost, whit sunday, whitsunday, white sunday", _from_easter(49)),
    "whit monday": _h("whit monday, whitmonday, monday of the holy spirit", _from_easter(50)),
    "trinity sunday": _h("trinity sunday", _from_easter(56)),
    "shrove tuesday": _h("shrove tuesday, mardi gras, pancake day, pancake tuesday", _from_easter(-47)),
    "ash wednesday": _h("ash wednesday", _from_easter(-46)),
    "lent": _h("~lent", _from_easter(-46), 46),
    "ascension day": _h("ascension day/thursday", _from_easter(39)),
    "orthodox easter": _h("orthodox easter (sunday)", _from_orthodox_easter(0)),
    "orthodox good friday": _h("orthodox good/great friday", _from_orthodox_easter(-2)),
    "clean monday": _h("clean monday, orthodox shrove monday", _from_orthodox_easter(-48)),
    "great lent": _h("great lent, great fast", _from_orthodox_easter(-48), 40),
    "lazarus saturday": _h("lazarus saturday", _from_orthodox_easter(-8)),
    # Islamic (Umm al-Qura)
    "eid al-fitr": _l("eid/id al/ul/el fitr, eid/id alfitr/ulfitr, eid, ramadan bayram, sugar feast", _EID_AL_FITR),
    "eid al-adha": _l("eid/id al/ul/el adha, eid/id aladha/uladha, bakr/bakri eid/id, bakrid, bakreid,"
                      " sacrifice feast, feast of (the) sacrifice, kurban bayram", lunar("islamic", "eid_al_adha")),
    "ramadan": _l("ramadan, ramazan", lunar("islamic", "ramadan_beginning"), _until(_EID_AL_FITR)),
    "laylat al-qadr": _l("laylat/lailat al/ul qadr/kadr, night of power/measures/decree/destiny",
                         lunar("islamic", "laylat_al_qadr")),
    "islamic new year": _l("islamic/hijri/muslim/arabic new year, amun jadid, ras as sana al hijria",
                           lunar("islamic", "hijri_new_year")),
    "ashura": _l("(day of) ashura", lunar("islamic", "ashura")),
    "mawlid": _l("mawlid (al/an nabi/nabawi), milad un/al nabi, (the) prophets birthday",
                 lunar("islamic", "mawlid")),
    "isra and mi'raj": _l("isra and miraj, al isra wal miraj, (the) prophets ascension, (the) night journey,"
                          " ascension to heaven", lunar("islamic", "isra_and_miraj")),
    "jumu'atul-wida": _l("jumuatul wida, jamat ul/al vida/wida, jumma tul/ul vida/wida",
                         lunar("islamic", "jumuatul_wida")),
    # Hindu, Sikh, Jain, Parsi (Indian observance)
    "diwali": _l("diwali, deepavali, divali, lakshmi puja", _DIWALI),
    "dhanteras": _l("dhanteras, dhanatrayodashi, dhantrayodashi", _shifted(_DIWALI, -2)),
    "choti diwali": _l("choti/chhoti diwali, kali chaudas", _shifted(_DIWALI, -1)),
    "naraka chaturdashi": _l("naraka/narak chaturdashi", lunar("hindu", "naraka_chaturdashi")),
    "govardhan puja": _l("govardhan puja, annakut", lunar("hindu", "govardhan_puja")),
    "bhai dooj": _l("bhai dooj/duj/tika/phonta, bhau beej, bhaubeej", _shifted(_DIWALI, 2)),
    "chhath": _l("chhath (puja), dala puja, surya shashthi", lunar("hindu", "chhath_puja")),
    "navaratri": _l("navaratri, navratri, sharad navaratri/navratri", lunar("hindu", "sharad_navratri"),
                    _until(_DUSSEHRA)),
    "durga puja": _l("durga puja", _shifted(_MAHA_ASHTAMI, -2), _until(_DUSSEHRA, 1)),
    "maha saptami": _l("maha saptami", _shifted(_MAHA_ASHTAMI, -1)),
    "maha ashtami": _l("maha/durga ashtami", _MAHA_ASHTAMI),
    "maha navami": _l("maha navami", lunar("hindu", "maha_navami")),
    "dussehra": _l("dussehra, dasara, dussera, vijayadashami, vijaya dashami", _DUSSEHRA),
    "karva chauth": _l("karva/karwa chauth", lunar("hindu", "karwa_chauth")),
    "ratha yatra": _l("ratha/rath yatra", lunar("hindu", "rath_yatra")),
    "raksha bandhan": _l("raksha bandhan, rakhi", lunar("hindu", "raksha_bandhan")),
    "mahavir jayanti": _l("mahavir/mahaveer jayanti, mahavir/mahaveer janma kalyanak",
                          lunar("hindu", "mahavir_jayanti")),
    "maha shivaratri": _l("maha shivaratri/shivratri, mahashivaratri, mahashivratri",
                          lunar("hindu", "maha_shivaratri")),
    "dayananda saraswati jayanti": _l("(swami) dayananda/dayanand saraswati jayanti, saraswati jayanti",
                                      lunar("hindu", "swami_dayanand_saraswati_jayanti")),
    "pongal": _l("pongal, thai pongal", _PONGAL),
    "makar sankranti": _l("makar/makara sankranti/sankranthi, maghi", lunar("hindu", "makar_sankranti")),
    "bhogi": _l("bhogi/boghi/bogi (pandigai)", _shifted(_PONGAL, -1)),
    "mattu pongal": _l("mattu/maattu pongal", _shifted(_PONGAL, 1)),
    "kaanum pongal": _l("kaanum/kanum/kanni pongal", _shifted(_PONGAL, 2)),
    "vaisakhi": _l("vaisakhi, baisakhi, vasakhi, vaishakhi", lunar("hindu", "vaisakhi")),
    "onam": _l("onam, thiru onam, thiruvonam", lunar("hindu", "onam")),
    "vasant panchami": _l("vasant/basant panchami", lunar("hindu", "basant_panchami")),
    "holika dahan": _l("holika dahan, choti/chhoti holi, kamudu pyre", _shifted(_HOLI, -1)),
    "holi": _l("holi, dhulandi, dhuleti, phagwah", _HOLI),
    "janmashtami": _l("(krishna) janmashtami, gokulashtami", lunar("hindu", "janmashtami")),
    "ganesh chaturthi": _l("ganesh/ganesha chaturthi, vinayaka chaturthi", lunar("hindu", "ganesh_chaturthi")),
    "rama navami": _l("ram/rama navami", lunar("hindu", "ram_navami")),
    "ugadi": _l("ugadi, yugadi, gudi padwa, samvatsaradi, chaitra sukladi/sukhladi", lunar("hindu", "gudi_padwa")),
    "guru nanak jayanti": _l("guru nanak jayanti/birthday, gurpurab", lunar("hindu", "guru_nanak_jayanti")),
    "guru gobind singh jayanti": _l("guru gobind/govind singh jayanti/birthday",
                                    lunar("hindu", "guru_gobind_singh_jayanti")),
    "guru ravidas jayanti": _l("guru ravidas/ravidass jayanti/birthday", lunar("hindu", "guru_ravidas_jayanti")),
    "valmiki jayanti": _l("(maharishi/maharshi) valmiki jayanti, pargat diwas",
                          lunar("hindu", "maharshi_valmiki_jayanti")),
    "rabindra jayanti": _l("rabindra/rabindranath jayanti", _shifted(lunar("hindu", "pohela_boishakh"), 24)),
    "pohela boishakh": _l("pohela/pahela boishakh, bengali new year", lunar("hindu", "pohela_boishakh")),
    "buddha purnima": _l("buddha purnima/jayanti", lunar("hindu", "buddha_purnima")),
    "parsi new year": _l("parsi new year, jamshedi navroz/nowruz", parsi_new_year),
    # Buddhist and Chinese
    "vesak": _l("vesak, vaisakha, buddha day", lunar("buddhist", "vesak")),
    "chinese new year": _l("chinese (lunar) new year/years (day), lunar new year/years (day), spring festival",
                           lunar("chinese", "lunar_new_year")),
    "mid-autumn festival": _l("mid autumn festival, moon festival", lunar("chinese", "mid_autumn")),
    "dragon boat festival": _l("dragon boat festival, duanwu (festival)", lunar("chinese", "dragon_boat")),
    # Jewish (Hebrew calendar; months from Nisan = 1, Tishrei = 7)
    "rosh hashanah": _l("rosh hashanah/hashana/hashanna/hashono", hebrew(7, 1), 2, eve=True),
    "yom kippur": _l("yom kippur/kipur", hebrew(7, 10), eve=True),
    "sukkot": _l("sukkot/sukkos/succot/succos/sukkoth, feast of (the) tabernacles/booths/ingathering",
                 _SUKKOT, 7, eve=True),
    "shemini atzeret": _l("shemini atzeret/atzeres", hebrew(7, 22), eve=True),
    "simchat torah": _l("simchat/simchas/simhat torah", hebrew(7, 23), eve=True),
    "hanukkah": _l("hanukkah/hanukah/hannukah/hannukkah/hanuka/hanukka/chanukah/chanuka/chanukkah", hebrew(9, 25), 8,
                   eve=True),
    "tu bishvat": _l("tu bishvat/bishevat/bshevat/bshvat", hebrew(11, 15), eve=True),
    "purim": _l("purim", hebrew(12, 14), eve=True),
    "shushan purim": _l("shushan purim", hebrew(12, 15), eve=True),
    "passover": _l("passover, pesach", hebrew(1, 15), 8, eve=True),
    "yom hashoah": _l("yom hashoah, holocaust (remembrance) day", hebrew(1, 27, moved=yom_hashoah), eve=True),
    "yom hazikaron": _l("yom hazikaron", _shifted(hebrew(2, 5, moved=yom_haatzmaut), -1), eve=True),
    "yom ha'atzmaut": _l("yom haatzmaut, yom ha atzmaut, israel independence day", hebrew(2, 5, moved=yom_haatzmaut),
                         eve=True),
    "lag baomer": _l("lag baomer/bomer, lag ba omer, lag b omer", hebrew(2, 18), eve=True),
    "shavuot": _l("shavuot/shavuos/shavuoth, feast of weeks", hebrew(3, 6), 2, eve=True),
    "tisha b'av": _l("tisha bav/beav, tisha b av, tisha be av, tisha ba av", hebrew(5, 9, moved=sunday_if_shabbat),
                     eve=True),
}


def occurrences(key: str, year: int) -> list[Span]:
    """The spans of a named day that start in a year (usually one; an Islamic day can fall twice)."""
    if not FIRST_YEAR <= year <= LAST_YEAR:
        return []
    h = HOLIDAYS[key]
    try:
        firsts = h.dates(year)
    except ValueError:
        return []
    out = []
    for d in firsts:
        start = d - timedelta(days=1) if h.eve else d
        if isinstance(h.days, int):
            after: date | None = d + timedelta(days=h.days)
        else:
            after = h.days(d)
        if after is not None:
            out.append((start, after))
    return out


def holiday_date(key: str, year: int) -> date | None:
    """The first day of a named day's first occurrence in a year, or None when it has none that year."""
    found = occurrences(key, year)
    return found[0][0] if found else None
