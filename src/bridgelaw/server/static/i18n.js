// UI strings in English and Russian (terms of shared/GLOSSARY-ru.md). Rulings carry their
// own summary / summary_ru from the engine; everything the page itself says is here.

const STRINGS = {
  en: {
    lang_name: "English", switch_to: "Русский",
    lobby_title: "bridgelaw — tables", create_table: "Open a table", title: "Title",
    mode: "Mode", mode_table: "At the table (irregularities are ruled on)",
    mode_online: "Online (irregular actions are refused)",
    edition: "Laws edition", opening_lead: "Opening lead (Law 41A)",
    lead_face_down: "face down", lead_face_up: "face up",
    auto_director: "Director comes at once to every irregularity",
    boards_source: "Boards", boards_dealt: "freshly dealt", boards_pbn: "from a PBN file",
    boards_count: "Number of boards", first_board: "First board",
    pbn_file: "PBN file", pbn_paste: "…or paste the PBN text",
    create: "Create", links: "Links for this table",
    links_hint: "Give each player his own link; keep the director's link to yourself.",
    open: "open", copy: "copy", copied: "copied", tables: "Tables", events: "events", no_tables: "No tables yet.",
    role_all: "All four seats (practice)", role_director: "Director",
    board: "Board", dealer: "Dealer", vul: "Vul", vul_None: "none", vul_NS: "N-S", vul_EW: "E-W", vul_All: "all",
    you_are: "You sit", seat_N: "North", seat_E: "East", seat_S: "South", seat_W: "West",
    seat_director: "director", dealer_mark: "dealer", vulnerable: "vulnerable",
    phase_auction: "Auction", phase_lead: "Opening lead", phase_play: "Play", phase_ended: "Board over",
    to_act: "To act", your_turn: "Your turn", waiting_for: "Waiting for",
    director_is_asked: "The director is asked", nobody: "—",
    auction: "Auction", bidding_box: "Bidding box", pass: "Pass", alert: "Alert", meaning: "Meaning (if asked)",
    irregular_call: "This call is irregular here ({why}). Click it again to make it anyway.",
    irregular_card: "This card is irregular here ({why}). Click it again to play it anyway.",
    why_turn: "not your turn", why_illegal: "not a lawful call", why_card: "not a lawful card",
    contract: "Contract", passed_out: "Passed out", declarer: "declarer", tricks_won: "Tricks",
    trick: "Trick", current_trick: "Current trick", last_trick: "Last trick",
    face_lead: "Face the opening lead", lead_lies_face_down: "{seat}'s opening lead lies face down",
    lead_face_down_hint: "Opening leads are made face down: your card stays hidden until you face it.",
    requests: "Requests", review: "Review the auction", explain_all: "Explain the auction",
    explain_call: "Explain a call", explain_hint: "click an opponent's call in the auction to ask what it means",
    ask_contract: "What is the contract?", convention_card: "Convention card", see_trick: "See the last trick",
    own_last_card: "My last card", quitted_trick: "See trick no.", repeat_call: "Repeat a call",
    call_director: "Call the director", claim: "Claim", concede: "Concede", tricks_word: "tricks",
    statement: "Statement (line of play)", hesitation: "Note a hesitation",
    answers: "Answers", granted: "granted", refused: "not allowed", ui_note: "unauthorized information to partner (Law 16)",
    rulings: "Rulings", status_awaiting_director: "waiting for the director", status_awaiting_choice: "waiting for a choice",
    status_awaiting_decision: "the director decides", status_follow_up: "in force", status_closed: "closed",
    choose: "You choose", chooses: "chooses", choice: "Choice", offender: "offender", law: "Law",
    restrictions: "Restrictions", penalty_cards: "Penalty cards", major: "major", minor: "minor",
    claim_banner: "{seat} claims {n} of the remaining {r} tricks", claim_status: "Status",
    result: "Result", score_ns: "N-S score", made: "declarer took {n} tricks", adjusted: "Adjusted score",
    next_board: "Next board", results: "Results", export_svg: "Hand diagram (SVG)",
    errors: "Message", connected: "connected", disconnected: "reconnecting…",
    console: "Director's console", queue: "Call queue", queue_empty: "Nothing is waiting for the director.",
    yes: "Yes", no: "No", send_ruling: "Give the ruling", question: "Question",
    all_hands: "All four hands", event_log: "Event log", table_log: "Table log",
    adjust: "Score adjustment (Law 12)", adjust_score: "N-S score", adjust_note: "Note", adjust_law: "Law",
    adjust_send: "Adjust", law_lookup: "Law reference", law_number: "Law no.", look_up: "Look up",
    handlers: "Engine handlers", scenarios: "Scenarios", hidden: "hidden", cards_left: "{n} cards",
    dummy: "dummy", played_for: "played by", point_out_revoke: "Point out a revoke",
    refused_list: "Refused attempts", requests_log: "Requests at the table",
    suit_S: "spades", suit_H: "hearts", suit_D: "diamonds", suit_C: "clubs",
    pick_suit: "pick a suit", unknown_link: "This table link is not valid.",
    nt: "NT", X: "X", XX: "XX", P: "Pass", vs: "Vs", cancelled: "cancelled",
    play_on: "Play continues", answer_calls: "Calls", explanation: "Explanation", no_card: "No convention card on file.",
    claim_st_pending: "waiting for the opponents", claim_st_agreed: "agreed", claim_st_disputed: "disputed: the director rules",
    claim_st_void: "void (partner objected)", claim_st_cancelled: "cancelled", claim_st_ruled: "ruled by the director",
    rk_must_pass: "must pass", rk_lead_required: "must lead", rk_lead_forbidden: "may not lead", rk_play_penalty_card: "must play the penalty card",
    rk_must_repeat: "must repeat the call",
    explained_by: "explained by",
    awaiting_call_hint: "Attention has been drawn to an irregularity; the ruling opens when a player calls the director (9B1(a)).",
  },
  ru: {
    lang_name: "Русский", switch_to: "English",
    lobby_title: "bridgelaw — столы", create_table: "Открыть стол", title: "Название",
    mode: "Режим", mode_table: "За столом (по нарушениям выносится решение)",
    mode_online: "Онлайн (неправильные действия отклоняются)",
    edition: "Редакция Правил", opening_lead: "Первый ход (Правило 41A)",
    lead_face_down: "закрытый", lead_face_up: "открытый",
    auto_director: "Судья подходит сразу при любом нарушении",
    boards_source: "Сдачи", boards_dealt: "новые (случайные)", boards_pbn: "из файла PBN",
    boards_count: "Число сдач", first_board: "Первая сдача",
    pbn_file: "Файл PBN", pbn_paste: "…или вставьте текст PBN",
    create: "Создать", links: "Ссылки этого стола",
    links_hint: "Дайте каждому игроку его собственную ссылку; ссылку судьи оставьте себе.",
    open: "открыть", copy: "копировать", copied: "скопировано", tables: "Столы", events: "событий", no_tables: "Столов пока нет.",
    role_all: "Все четыре места (тренировка)", role_director: "Судья",
    board: "Сдача", dealer: "Сдающий", vul: "Зона", vul_None: "никто", vul_NS: "С-Ю", vul_EW: "В-З", vul_All: "все",
    you_are: "Ваше место", seat_N: "Север", seat_E: "Восток", seat_S: "Юг", seat_W: "Запад",
    seat_director: "судья", dealer_mark: "сдающий", vulnerable: "в зоне",
    phase_auction: "Торговля", phase_lead: "Первый ход", phase_play: "Розыгрыш", phase_ended: "Сдача окончена",
    to_act: "Очередь", your_turn: "Ваша очередь", waiting_for: "Ждём",
    director_is_asked: "Решение за судьёй", nobody: "—",
    auction: "Торговля", bidding_box: "Торговый бокс", pass: "Пас", alert: "Алерт", meaning: "Значение (если спросят)",
    irregular_call: "Эта заявка здесь неправильна ({why}). Нажмите ещё раз, чтобы всё же сделать её.",
    irregular_card: "Эта карта здесь неправильна ({why}). Нажмите ещё раз, чтобы всё же сыграть её.",
    why_turn: "не ваша очередь", why_illegal: "незаконная заявка", why_card: "незаконная карта",
    contract: "Контракт", passed_out: "Все пасовали", declarer: "разыгрывающий", tricks_won: "Взятки",
    trick: "Взятка", current_trick: "Текущая взятка", last_trick: "Последняя взятка",
    face_lead: "Открыть первый ход", lead_lies_face_down: "Первый ход ({seat}) лежит закрытым",
    lead_face_down_hint: "Первый ход делается закрытым: карта скрыта, пока вы её не откроете.",
    requests: "Запросы", review: "Обзор торговли", explain_all: "Объяснить торговлю",
    explain_call: "Объяснить заявку", explain_hint: "нажмите на заявку противника в торговле, чтобы спросить её значение",
    ask_contract: "Какой контракт?", convention_card: "Конвенционная карта", see_trick: "Показать последнюю взятку",
    own_last_card: "Моя последняя карта", quitted_trick: "Показать взятку №", repeat_call: "Повторить заявку",
    call_director: "Вызвать судью", claim: "Заявление", concede: "Уступка", tricks_word: "взяток",
    statement: "Заявление (план розыгрыша)", hesitation: "Отметить задержку",
    answers: "Ответы", granted: "разрешено", refused: "не разрешено", ui_note: "нелегальная информация для партнёра (Правило 16)",
    rulings: "Решения судьи", status_awaiting_director: "ждём судью", status_awaiting_choice: "ждём выбора",
    status_awaiting_decision: "решает судья", status_follow_up: "действует", status_closed: "закрыто",
    choose: "Ваш выбор", chooses: "выбирает", choice: "Выбор", offender: "нарушитель", law: "Правило",
    restrictions: "Ограничения", penalty_cards: "Штрафные карты", major: "большая", minor: "малая",
    claim_banner: "{seat}: заявление на {n} из оставшихся {r} взяток", claim_status: "Состояние",
    result: "Результат", score_ns: "Счёт С-Ю", made: "у разыгрывающего {n} взяток", adjusted: "Присуждённый результат",
    next_board: "Следующая сдача", results: "Результаты", export_svg: "Диаграмма сдачи (SVG)",
    errors: "Сообщение", connected: "на связи", disconnected: "переподключение…",
    console: "Пульт судьи", queue: "Очередь вызовов", queue_empty: "Судью никто не ждёт.",
    yes: "Да", no: "Нет", send_ruling: "Вынести решение", question: "Вопрос",
    all_hands: "Все четыре руки", event_log: "Журнал событий", table_log: "Протокол стола",
    adjust: "Присуждение результата (Правило 12)", adjust_score: "Счёт С-Ю", adjust_note: "Примечание", adjust_law: "Правило",
    adjust_send: "Присудить", law_lookup: "Справочник по Правилам", law_number: "Правило №", look_up: "Показать",
    handlers: "Обработчики движка", scenarios: "Сценарии", hidden: "закрыта", cards_left: "{n} карт",
    dummy: "болван", played_for: "сыграл", point_out_revoke: "Указать на ренонс",
    refused_list: "Отклонённые попытки", requests_log: "Запросы за столом",
    suit_S: "пики", suit_H: "черви", suit_D: "бубны", suit_C: "трефы",
    pick_suit: "выберите масть", unknown_link: "Ссылка на стол недействительна.",
    nt: "БК", X: "Контра", XX: "Реконтра", P: "Пас", vs: "Пр", cancelled: "отменена",
    play_on: "Розыгрыш продолжается", answer_calls: "Заявки", explanation: "Объяснение", no_card: "Конвенционной карты нет.",
    claim_st_pending: "ждём ответа противников", claim_st_agreed: "согласовано", claim_st_disputed: "оспорено: решает судья",
    claim_st_void: "недействительно (партнёр возразил)", claim_st_cancelled: "отменено", claim_st_ruled: "решение судьи",
    rk_must_pass: "обязан пасовать", rk_lead_required: "обязан ходить в", rk_lead_forbidden: "не может ходить в", rk_play_penalty_card: "обязан сыграть штрафную карту",
    rk_must_repeat: "обязан повторить заявку",
    explained_by: "объяснил",
    awaiting_call_hint: "Внимание обращено на нарушение; решение начнётся, когда игрок вызовет судью (9B1(a)).",
  },
};

const ASK_LABELS = {
  review: "review", explain: "explain_call", explain_all: "explain_all", contract: "ask_contract",
  convention_card: "convention_card", see_trick: "see_trick", own_last_card: "own_last_card",
  quitted_trick: "quitted_trick", repeat_call: "repeat_call",
};

let current = localStorage.getItem("bridgelaw.lang") || (navigator.language || "en").slice(0, 2);
if (!(current in STRINGS)) current = "en";

/** The current language code ("en" or "ru"). */
export function lang() { return current; }

/** Switch language, remember it, and tell the page to redraw. */
export function setLang(code) {
  current = code in STRINGS ? code : "en";
  localStorage.setItem("bridgelaw.lang", current);
  document.documentElement.lang = current;
  document.dispatchEvent(new CustomEvent("langchange"));
}

/** A UI string with {placeholders} filled from ``args``. */
export function t(key, args = {}) {
  const s = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (k in args ? String(args[k]) : `{${k}}`));
}

/** The label of a request kind ("review", "explain", ...). */
export function askLabel(ask) { return t(ASK_LABELS[ask] || ask); }

/** Pick the Russian or English text of an engine object (summary/summary_ru, label/label_ru). */
export function pick(obj, field) {
  if (!obj) return "";
  if (current === "ru" && obj[`${field}_ru`]) return obj[`${field}_ru`];
  return obj[field] || obj[`${field}_ru`] || "";
}

/** Fill every element carrying data-i18n (text) or data-i18n-placeholder. */
export function translatePage(root = document) {
  document.documentElement.lang = current;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
}
