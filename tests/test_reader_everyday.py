"""Everyday kinds of question a person asks of an assistant that holds their mail and calendar, each
answered from the home, never refused (the demo home, its clock pinned, no model): what has come in,
replies, the mail that matters, unread mail (no read state is kept: said, with what came in), what a
named person's latest mail says, the next thing, and a to-do list (the reminders)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from chat_helpers import ask
from steward.app import App
from steward.demo import build_demo_home

NOW = "2026-09-14T09:00:00+05:30"


@pytest.mark.parametrize("text", ["anything new for me?", "so what's new", "have I missed anything?",
                                  "what've I missed"])
def test_what_has_come_in_is_the_newest_mail(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and reply.startswith("Your newest mail"), reply
    assert "OVERDUE" not in reply, reply  # "missed" here is no missed payment


def test_what_has_come_in_on_a_day_is_that_days_mail(demo: App) -> None:
    handled_by, reply = ask(demo, "anything new since yesterday?")
    assert handled_by == "reader" and "came in" in reply and "Nothing on" not in reply, reply


@pytest.mark.parametrize("text", ["has anybody replied?", "did anyone write back", "any responses to my emails?"])
def test_replies_are_the_mail_that_answers(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and "Re: Moving help" in reply, reply
    assert "Kitchen Notes" not in reply, reply  # a newsletter answers nothing


def test_a_reply_from_a_named_person(demo: App) -> None:
    _, reply = ask(demo, "did Zoe get back to me?")
    assert "from Zoë Müller" in reply and "Re: Moving help" in reply and "Alex" not in reply, reply


@pytest.mark.parametrize("text", ["any urgent mail?", "is there anything important in my inbox this week",
                                  "flag anything pressing"])
def test_the_mail_that_matters_leaves_newsletters_and_receipts_out(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and "look" in reply and "important" in reply, reply
    assert "Kitchen Notes" not in reply and "receipt" not in reply.split("\n", 1)[-1].lower(), reply


@pytest.mark.parametrize("text", ["how many emails haven't I read?", "got any unread messages?"])
def test_unread_mail_says_no_read_state_is_kept_and_shows_what_came_in(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and reply.startswith("Which messages you have opened is kept by your mail app"), reply
    assert "can't" not in reply, reply


@pytest.mark.parametrize("text", ["what did Zoe say", "read me the latest from Zoë"])
def test_what_a_named_persons_latest_mail_says(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and reply.startswith("The latest from Zoë Müller"), reply
    assert "\u2014" in reply.split("\n", 1)[0], reply  # what it says, beside its subject


@pytest.mark.parametrize("text", ["anything from Zoe?", "did Zoë write", "what did zoe need"])
def test_a_persons_mail_is_answered_with_what_it_says(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and reply.startswith("The latest from Zoë Müller"), reply
    assert "\u2014" in reply.split("\n", 1)[0], reply  # what her note says, not only that it came


def test_a_companys_mail_is_listed_by_its_subjects(demo: App) -> None:
    _, reply = ask(demo, "anything from Kitchen Notes?")
    assert not reply.startswith("The latest from"), reply


@pytest.mark.parametrize("text", ["what's next?", "what have I got up next", "when's my next thing"])
def test_the_next_thing_is_what_is_ahead(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and "Pawsome Vets" in reply, reply  # the vet is tomorrow


@pytest.mark.parametrize("text", ["what's on my to-do list", "anything on my list?", "what are my tasks"])
def test_a_to_do_list_is_the_reminders(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reminder_management" and "reminders" in reply, reply


@pytest.mark.parametrize(("text", "kind"), [("what's on my grocery list", "shopping"),
                                            ("is bread on the shopping list?", "shopping"),
                                            ("read me my packing list for the trip", "packing"),
                                            ("have I started a wish list?", "wish")])
def test_a_kind_of_list_not_kept_is_said_plainly_with_the_one_that_is(demo: App, text: str, kind: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reminder_management", reply
    assert reply.startswith(f"Steward keeps no {kind} list: the one list it keeps is your reminders."), reply


@pytest.mark.parametrize("text", ["put oat milk on the shopping list", "add a birthday card to my party shopping list"])
def test_putting_something_on_a_list_not_kept_writes_nothing_and_says_so(demo: App, text: str) -> None:
    trace = demo.engine.turn(text, session=f"s-{text}", dry_run=True)
    assert trace.handled_by == "reminder_management" and not trace.writes, trace.reply
    assert trace.reply.startswith("Steward keeps no shopping list, so nothing was added."), trace.reply


def test_a_reminder_to_put_something_on_a_list_is_still_a_reminder(demo: App) -> None:
    trace = demo.engine.turn("remind me tomorrow at 6 pm to add lentils to the shopping list", session="s-lentils",
                             dry_run=True)
    assert trace.handled_by == "reminder_creation" and trace.writes, trace.reply


@pytest.mark.parametrize("text", ["open my list", "read the list out", "check my list please", "read list",
                                  "show work list items",
                                  "what does my weekend list say", "display the lists I have"])
def test_a_list_named_with_any_verb_is_the_reminders_said_so(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reminder_management" and reply.startswith("Your to-do list is your reminders."), reply


@pytest.mark.parametrize("text", ["can you put oat milk on my list?", "give me a list of my meetings this week",
                                  "who is on my mailing list"])
def test_a_list_written_to_or_made_of_other_things_is_no_reading_of_the_reminders(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by != "reminder_management", reply


@pytest.mark.parametrize("text", ["where's my package", "any parcels on the way?", "when is the courier coming"])
def test_a_parcel_asked_after_is_the_delivery_notices(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and "delivery notice" in reply and "Parcel Express" in reply, reply
    assert "Python Weekly" not in reply, reply  # a newsletter's "packaging" is no parcel


@pytest.mark.parametrize("text", ["has the vet emailed me?", "did the vets write to me"])
def test_a_kind_of_place_said_with_a_verb_of_writing_is_its_mail(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and "from Pawsome Vets" in reply, reply


def test_news_from_a_person_is_their_mail(demo: App) -> None:
    handled_by, reply = ask(demo, "any news from Zoe?")
    assert handled_by == "reader" and "Zoë Müller" in reply, reply


def test_how_a_day_looks_is_its_schedule(demo: App) -> None:
    handled_by, reply = ask(demo, "how is Friday looking?")
    assert handled_by == "reader" and "Saffron Table" in reply, reply


def test_who_sent_a_thing_names_the_sender_of_its_mail(demo: App) -> None:
    handled_by, reply = ask(demo, "who sent me the invitation for the book club?")
    assert handled_by == "reader" and "Priya Sharma" in reply, reply


def test_the_lists_asked_for_are_the_reminders_said_so(demo: App) -> None:
    handled_by, reply = ask(demo, "which lists have I got?")
    assert handled_by == "reminder_management" and reply.startswith("Your to-do list is your reminders."), reply


def test_what_was_spent_is_what_the_purchase_alerts_say_per_currency(demo: App) -> None:
    handled_by, reply = ask(demo, "how much have I spent over the last week?")
    assert handled_by == "reader" and reply.startswith("Spent "), reply
    assert "purchase alert" in reply and "not counted" in reply and "OVERDUE" not in reply, reply
    assert "₹" in reply and "US$" in reply, reply  # rupees and dollars summed apart, never together


def test_what_was_spent_on_one_card_is_that_banks_alerts_alone(demo: App) -> None:
    _, reply = ask(demo, "what have I spent on the Meridian card in the last month?")
    assert "Meridian Bank" in reply and "Northwind" not in reply and "US$" not in reply, reply


def test_what_was_bought_is_summed_from_the_receipts_of_that_kind_and_says_what_it_counted(demo: App) -> None:
    handled_by, reply = ask(demo, "how much went on takeaways, how much did I spend on those?")
    assert handled_by == "reader" and "receipts" in reply and "not counted" in reply, reply


@pytest.mark.parametrize("text", ["sum up my day", "could you summarize today"])
def test_a_summary_of_the_day_is_the_brief(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and reply.startswith("Your brief for"), reply


def test_the_time_of_the_first_thing_of_a_day_is_that_days_schedule(demo: App) -> None:
    handled_by, reply = ask(demo, "so what time is my first thing tomorrow?")
    assert handled_by == "reader" and "Pawsome Vets" in reply and "09:15" in reply, reply


@pytest.mark.parametrize("text", ["any updates for me?", "read my mail"])
def test_updates_and_reading_the_mail_are_the_newest_mail(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and reply.startswith("Your newest mail"), reply


def test_the_latest_on_a_thing_is_never_the_newest_mail_of_everything(demo: App) -> None:
    _, reply = ask(demo, "what's the latest on the lease?")
    assert not reply.startswith("Your newest mail"), reply


def test_interesting_mail_is_the_mail_that_matters(demo: App) -> None:
    handled_by, reply = ask(demo, "anything interesting in my inbox?")
    assert handled_by == "reader" and "look important" in reply, reply


# -- sixty everyday questions over four homes, answered (never the offline refusal), the known answers right --

SECOND_NOW, THIRD_NOW, FOURTH_NOW = "2026-12-03T19:40:00+11:00", "2026-12-07T07:40:00-05:00", "2026-12-10T07:30:00+01:00"


@pytest.fixture(scope="module")
def homes(demo: App, app_in_own_home: Callable[[str, str], App]) -> dict[str, App]:
    """The four sample homes, each on its own clock, with no model configured."""
    built = {"demo": demo}
    for name, zone, now in (("second", "Australia/Melbourne", SECOND_NOW), ("third", "America/Toronto", THIRD_NOW),
                            ("fourth", "Europe/Berlin", FOURTH_NOW)):
        built[name] = app_in_own_home(zone, now)
        build_demo_home(built[name], mailbox=name)
    return built


# (home, question, who answers, what the answer holds, what it must not hold)
EVERYDAY: list[tuple[str, str, str, list[str], list[str]]] = [
    # the day and the week
    ("demo", "anything I need to do today?", "reader", ["Nothing on today"], []),
    ("demo", "what's my busiest day this week?", "reader", ["busiest day this week is Sat 19 Sept", "ClearSight"], []),
    ("demo", "when's my next day off?", "reader", ["Nothing is on today", "doesn't know your working days"], []),
    ("second", "what's my busiest day next week?", "reader", ["Tue 8 Dec", "Sat 12 Dec", "1 thing each"], []),
    ("third", "anything on today?", "reader", ["Leslieville Animal Hospital", "17:15"], []),
    # mail: what came in, who wrote, from whom
    ("demo", "what did I miss yesterday?", "reader", ["came in yesterday"], ["OVERDUE"]),
    ("demo", "who emailed me the most this week?", "reader", ["Kitchen Notes", "Casa Verde"], []),
    ("second", "who emailed me most this month?", "reader", ["Noor Haddad", ": 3"], []),
    ("demo", "when did I last hear from Mum?", "reader", ["from Mum, newest first", "Re: Catching up"], []),
    ("second", "when did I last hear from Rania?", "reader", ["Wed 2 Dec", "Christmas in Auckland"], []),
    ("third", "when did I last hear from Jonah?", "reader", ["Mon 7 Dec", "Biscuit tonight"], []),
    ("demo", "is there anything from the library?", "reader", ["City Library"], []),
    ("second", "is there anything from the vet?", "reader", ["Brunswick Vet Clinic"], []),
    ("third", "is there anything from the school?", "reader", ["Riverdale Hill School", "Parent-teacher interview"], []),
    ("fourth", "anything from the kita?", "reader", ["Kita Sonnenblume"], []),
    ("third", "what did I miss over the weekend?", "reader", ["came in the weekend", "Rafael Carvalho"], []),
    ("demo", "did Zoe reply about the moving help?", "reader", ["Zoë Müller", "Re: Moving help"], []),
    ("fourth", "is my parcel arriving today?", "reader", ["Paketblitz", "arriving today"], []),
    # what a mail says: the mail to open, its own stored words, nothing made up
    # (the day a thing runs out is the one its mail's sentence gives, counted from the day the mail came)
    ("second", "when does my password expire?", "reader", ["Larchwood Consulting IT", "password expires in 7 days",
                                                           "Sat 28 Nov"], []),
    ("second", "what's the maqluba recipe?", "mail_content", ["Mama", "Maqluba recipe"], ["Noor Haddad:"]),
    ("third", "what's the pickup at GRU about?", "mail_content", ["Rafael Carvalho", "pickup at GRU"], []),
    ("third", "when is the IT maintenance?", "mail_content", ["Northpoint IT", "Scheduled maintenance"], []),
    ("demo", "when is the water going to be off?", "reader", ["City Water Board", "water supply interruption"], []),
    ("demo", "what was in the recipe José sent?", "reader", ["José Álvarez", "Recipe you asked for"], []),
    # bookings and their details
    ("demo", "where's my dinner booking?", "reader", ["Saffron Table", "3 Curry Lane"], []),
    ("demo", "how many people is the Saffron Table booking for?", "reader", ["its mail gives no number"], []),
    ("second", "how many are we at Tavola Nera?", "reader", ["For 4, as its mail says", "Tavola Nera"], []),
    ("fourth", "how many people is the Trattoria Lupo table for?", "reader", ["For 4", "Trattoria Lupo"], []),
    ("second", "where's my dinner booking?", "reader", ["Tavola Nera", "19 Gertrude St"], []),
    ("third", "where is my dinner reservation?", "reader", ["Osteria Lumi", "731 College St"], []),
    ("demo", "what's the address of the physio?", "reader", ["Riverside Physio", "5 River Walk"], []),
    ("demo", "what time is my eye test?", "reader", ["ClearSight", "10:30"], []),
    ("third", "what time is Biscuit's vet appointment?", "reader", ["Leslieville Animal Hospital", "17:15"], []),
    ("third", "when is the parent-teacher interview?", "reader", ["Riverdale Hill School", "Tue 8 Dec", "16:40"], []),
    ("demo", "is my car service still on?", "reader", ["AutoFix Garage"], []),
    # travel: times, references, how long until, check-in
    ("second", "what time's my flight?", "reader", ["Fri 18 Dec", "09:25"], []),
    ("second", "what's my booking reference for the flight?", "reader", ["QK7R2M"], []),
    ("third", "what's the confirmation code for my flight?", "reader", ["K7WQ2D"], []),
    ("third", "what time's my flight to São Paulo?", "reader", ["YYZ → GRU", "Sat 19 Dec", "22:50"], ["can't tell"]),
    ("second", "what time's my train to Albury?", "reader", ["Murray Line Rail", "07:05"], []),
    ("fourth", "what time's my train to Hamburg?", "reader", ["Nordbahn", "07:04"], []),
    ("fourth", "when do I check in at the hotel in Edinburgh?", "reader", ["Castle Wynd Hotel", "15:00 local time"],
     ["can't tell"]),
    ("second", "how long until the Auckland flight?", "reader", ["In 15 days", "Fri 18 Dec"], []),
    ("fourth", "how many days until my flight to Edinburgh?", "reader", ["In 9 days", "Sat 19 Dec"], []),
    ("demo", "how long until the vet?", "reader", ["Tomorrow", "Pawsome Vets"], []),
    # money: what is left, overdue, one bill, what was spent with a shop
    ("demo", "what's left to pay this month?", "reader", ["Kaveri Bank", "OVERDUE"], []),
    ("second", "which bills are overdue?", "reader", ["Yarra Edge Energy", "Zuidkust Bank"], ["Corella"]),
    ("third", "what's past due?", "reader", ["Humber Valley Hydro", "Cascade National Bank"], []),
    ("demo", "how much is the Thameside bill?", "reader", ["Thameside Energy", "70.43"], ["Kaveri"]),
    ("demo", "how much did I spend at Bean There Cafe?", "reader", ["Spent with Bean There Cafe", "₹29,914.47"], []),
    ("second", "how much did I spend on Gobble Eats?", "reader", ["A$410.96", "9 of their mails"], []),
    ("third", "how much did I spend on SkipDish last month?", "reader", ["CA$135.66", "3 of their mails"], []),
    # what Steward holds no data for: one honest line of what it can't do and what it can
    ("demo", "what's the weather like tomorrow?", "outside", ["I can't see the weather", "what's on tomorrow?"], []),
    ("second", "is it going to rain in Melbourne?", "outside", ["I can't see the weather"], []),
    ("demo", "tell me a joke", "outside", ["I can't tell jokes"], []),
    ("demo", "please ring my mum", "outside", ["I can't call anyone", "remind me at 6 pm to ring my mum"],
     ["Catching up"]),
    ("demo", "what does amortisation mean?", "outside", ["I can't look up words", "mail about amortisation"], []),
    ("demo", "what's in the news today?", "outside", ["I can't fetch the news"], []),
    ("fourth", "what's 15 percent of 80?", "outside", ["I can't do sums"], []),
    ("fourth", "play some music", "outside", ["I can't play music"], []),
    ("fourth", "turn on the lights in the kitchen", "outside", ["I can't control devices"], []),
    ("fourth", "order me a taxi to the station", "outside", ["I can't book, buy or pay"], []),
]


@pytest.mark.parametrize(("home", "question", "by", "holds", "never"), EVERYDAY, ids=[q for _, q, _, _, _ in EVERYDAY])
def test_an_everyday_question_is_answered_from_the_home(homes: dict[str, App], home: str, question: str, by: str,
                                                        holds: list[str], never: list[str]) -> None:
    handled_by, reply = ask(homes[home], question)
    assert handled_by == by, reply  # never the offline refusal
    for piece in holds:
        assert piece in reply, f"{piece!r} missing from {reply!r}"
    for piece in never:
        assert piece not in reply, f"{piece!r} should not be in {reply!r}"


def test_a_question_about_a_mail_no_mail_holds_is_never_answered_with_another(homes: dict[str, App]) -> None:
    # "books" is no "booking": a mail that holds only one of the two topic words is not the one asked about
    handled_by, reply = ask(homes["second"], "what's the library saying about my books?")
    assert handled_by != "mail_content" and "Austral Pacific" not in reply, reply


def test_a_text_from_someone_is_their_mail_not_a_message_to_send(homes: dict[str, App]) -> None:
    handled_by, reply = ask(homes["fourth"], "text from Lena?")
    assert handled_by == "reader" and "Lena Vogt" in reply, reply


def test_a_kind_of_sender_the_home_has_none_of_is_said_not_found(homes: dict[str, App]) -> None:
    handled_by, reply = ask(homes["demo"], "is there anything from the school?")
    assert handled_by == "reader" and "which of your senders is \u2018the school\u2019" in reply, reply
    assert "schedule" not in reply, reply  # never the day's schedule instead


def test_a_question_said_to_an_assistant_by_name_is_answered_and_recorded_as_typed(demo: App) -> None:
    trace = demo.engine.turn("hey alexa what have I got tomorrow", session="s-named", dry_run=True)
    assert trace.handled_by == "reader" and "Pawsome Vets" in trace.reply, trace.reply  # the vet is tomorrow
    assert trace.text == "hey alexa what have I got tomorrow"


def test_the_newest_mail_asked_in_mails_own_words_is_no_question_about_a_mails_content(homes: dict[str, App]) -> None:
    handled_by, reply = ask(homes["demo"], "how has my latest mail been looking?")
    assert handled_by != "mail_content", reply


def test_a_request_for_a_fact_with_no_topic_suggests_no_search_for_nothing(homes: dict[str, App]) -> None:
    handled_by, reply = ask(homes["demo"], "google it for me")
    assert handled_by == "outside" and "mail about" not in reply, reply
