// The calls a director is summoned to most, each as a direct path: pick the call, answer only
// what the Law needs (a seat, a call, a card — from the page's own seat strip, bidding box and
// card keys), and the assistant enters the auction that leads to it and rules at once. Nothing
// is invented about a hand: the path enters only calls (passes up to the turn in question) and
// the card the director saw. A call in the play enters the play from the trick it was made in
// ({"play_from": k}): the tricks before it are not entered and their cards stay unknown; the
// contract is given by its declarer and strain only (one tap on the contract keys).

const SEATS = ["N", "E", "S", "W"];
const next = (s, k = 1) => SEATS[(SEATS.indexOf(s) + k) % 4];
const sameSide = (a, b) => "NS".includes(a) === "NS".includes(b);

/** The seat a revoke is recorded as pointed out by, when the director was not told who
 *  spoke: a player of the side that did not revoke, never dummy (dummy drawing attention
 *  is a law of its own, 43, and nobody said he did). Declarer when a defender revoked,
 *  else the offender's left-hand opponent, a defender. */
export function revokePointer(offender, declarer) {
  return declarer && !sameSide(offender, declarer) ? declarer : next(offender);
}

const isBid = (call) => /^[1-7]/.test(call || "");

/** A step asked only when ``when`` holds for the answers before it (an unasked step's
 *  answer is null). */
const askedIf = (step, when) => Object.assign(step, { when });

// the last bid before the call in question (Pass on the bidding box: nobody has bid yet), then whose
const BID_BEFORE = [["call", "quick_last_bid_before"], askedIf(["seat", "quick_who_bid_before"], (a) => isBid(a[a.length - 1]))];

// Each path: its button, the questions in order (what each expects), and the actions it enters.
export const PATHS = {
  // whose the bid it was made over is asked: a double to replace it is legal over an
  // opponent's bid, inadmissible over partner's (27B3)
  insufficient: {
    label: "quick_insufficient",
    steps: [["seat", "quick_who_insufficient"], ["call", "quick_bid_before"], ["seat", "quick_who_bid_before"],
      ["call", "quick_bid_insufficient"]],
    actions: (dealer, [offender, before, bidder, bid]) => [...auctionTo(dealer, offender, before, bidder), { seat: offender, call: bid }],
  },
  // the Laws rule a call out of rotation by whether anyone has bid yet (30A against 30B,
  // 31): the path asks the last bid before it (Pass: none yet) and, if there was one, whose
  bid_out_of_rotation: {
    label: "quick_bid_out_of_rotation",
    steps: [["seat", "quick_who_called"], ["seat", "quick_whose_turn"], ...BID_BEFORE, ["call", "quick_which_call"]],
    actions: (dealer, [offender, turn, last, bidder, call]) => [...auctionTo(dealer, turn, last, bidder), { seat: offender, call }],
  },
  pass_out_of_rotation: {
    label: "quick_pass_out_of_rotation",
    steps: [["seat", "quick_who_passed"], ["seat", "quick_whose_turn"], ...BID_BEFORE],
    actions: (dealer, [offender, turn, last, bidder]) => [...auctionTo(dealer, turn, last, bidder), { seat: offender, call: "P" }],
  },
  lead_out_of_turn: {
    label: "quick_lead_out_of_turn",
    steps: [["call", "quick_contract"], ["seat", "quick_declarer"], ["seat", "quick_who_led"], ["card", "quick_which_card"]],
    actions: (dealer, [contract, declarer, leader, card], faceDown) => [
      ...passesTo(dealer, declarer), { seat: declarer, call: contract },
      { seat: next(declarer), call: "P" }, { seat: next(declarer, 2), call: "P" }, { seat: next(declarer, 3), call: "P" },
      { seat: leader, play: card, ...(faceDown ? { face_down: true } : {}) },
    ],
  },
  // a single card below honour rank is ruled by whether it was led (24A against 24B, and a
  // major or minor penalty card if he defends): asked for such a card only
  exposed_in_auction: {
    label: "quick_exposed_in_auction",
    steps: [["seat", "quick_who_exposed"], ["card", "quick_which_card"],
      askedIf(["choice", "quick_card_led", ["not_led", "led"]], (a) => !/^[AKQJT]$/.test(a[1].slice(1)))],
    actions: (_dealer, [seat, card, led]) => [led === "led" ? { seat, play: card } : { seat, expose: [card], how: "dropped" }],
  },
  revoke_after_play: {
    label: "quick_revoke_after_play",
    // the contract by its declarer and strain (one tap), who revoked, in which trick; the
    // play itself is not entered: the director then answers what 61A and 64 ask
    steps: [["contract", "quick_declarer_strain"], ["seat", "quick_who_revoked"], ["trick", "quick_revoke_trick", 1, 12]],
    actions: (_dealer, [[declarer, strain], offender, trick]) => [
      { seat: "director", play_from: 14, declarer, strain },
      { seat: revokePointer(offender, declarer), point_out: "revoke", offender, trick },
    ],
  },
  lead_in_play_declarer: {
    label: "quick_lead_in_play_declarer",
    steps: [["contract", "quick_declarer_strain"], ["trick", "quick_which_trick", 2, 13],
      ["seat", "quick_whose_lead"], ["seat", "quick_which_hand_led"], ["card", "quick_which_card"]],
    actions: (_dealer, answers) => leadInPlay(answers),
  },
  lead_in_play_defender: {
    label: "quick_lead_in_play_defender",
    steps: [["contract", "quick_declarer_strain"], ["trick", "quick_which_trick", 2, 13],
      ["seat", "quick_whose_lead"], ["seat", "quick_which_defender_led"], ["card", "quick_which_card"]],
    actions: (_dealer, answers) => leadInPlay(answers),
  },
  // the answer names who disputed, in the same tap: the ruling says who did, and a defender's
  // partner objecting to his claim (68B2) is ruled apart from declarer disputing it
  claim: {
    label: "quick_claim",
    steps: [["contract", "quick_declarer_strain"], ["trick", "quick_claim_trick", 2, 13], ["seat", "quick_who_claimed"],
      ["count", "quick_claimed_tricks"],
      ["choice", "quick_claim_answer", ([[declarer], , claimer]) => ["agree", ...disputers(declarer, claimer).map((s) => `dispute:${s}`)]]],
    actions: (_dealer, [[declarer, strain], trick, claimer, n, answer]) => {
      // who must agree (68B, 69A): both defenders to declarer's claim, declarer to a defender's
      const responders = declaringSide(declarer, claimer) ? [next(claimer), next(claimer, 3)] : [declarer];
      return [
        { seat: "director", play_from: trick, declarer, strain },
        // whether he stated a line is not asked: the ruling says neither that he did nor that he did not
        { seat: claimer, claim: n, statement: null },
        ...(answer === "agree" ? responders.map((seat) => ({ seat, claim_response: "agree" })) : [{ seat: answer.split(":")[1], claim_response: "dispute" }]),
      ];
    },
  },
  board_or_score: {
    label: "quick_board_or_score",
    steps: [["choice", "quick_which_problem", ["wrong_score", "fouled_board"]], ["seat", "quick_who_reported"]],
    actions: (_dealer, [problem, seat]) => [{ seat, report: problem }],
  },
};

/** A lead out of turn in the play (55, 56): the play entered from the trick it was made in,
 * with the player who should have led on lead; the earlier tricks are not entered, no card of
 * them is invented. Dummy's card is played by declarer. */
function leadInPlay([[declarer, strain], trick, lead, led, card]) {
  return [
    { seat: "director", play_from: trick, declarer, strain, lead },
    { seat: led, play: card, ...(led === next(declarer, 2) ? { by: declarer } : {}) },
  ];
}

const declaringSide = (declarer, seat) => seat === declarer || seat === next(declarer, 2);

/** Who may dispute a claim: both defenders a claim by the declaring side; declarer, or the
 *  claimer's partner objecting at once (68B2), a defender's. */
function disputers(declarer, claimer) {
  return declaringSide(declarer, claimer) ? [next(claimer), next(claimer, 3)] : [declarer, next(claimer, 2)];
}

/** The paths in the order directors are summoned to them (a published frequency order: an
 * incorrect score or board, the opening lead out of turn, a lead out of turn by declarer or
 * dummy, by a defender, a revoke, a pass, a bid out of rotation, an insufficient bid), then
 * exposed cards and claims. */
export const ORDER = [
  "board_or_score", "lead_out_of_turn", "lead_in_play_declarer", "lead_in_play_defender", "revoke_after_play",
  "pass_out_of_rotation", "bid_out_of_rotation", "insufficient", "exposed_in_auction", "claim",
];

/** The auction up to ``turn`` as the director gave it: passes only when nobody has bid, else
 *  passes up to the last bid, that bid, and passes after it up to the turn. */
function auctionTo(dealer, turn, last, bidder) {
  if (!isBid(last) || !bidder) return passesTo(dealer, turn);
  return [...passesTo(dealer, bidder), { seat: bidder, call: last }, ...passesTo(next(bidder), turn)];
}

/** The passes from ``from`` up to (not including) ``turn``: the auction has reached him. */
function passesTo(from, turn) {
  const out = [];
  for (let s = from; s !== turn; s = next(s)) out.push({ seat: s, call: "P" });
  return out;
}

/** One path being walked: what it asks now, and the answers so far. */
export class QuickPath {
  constructor(id) {
    this.id = id;
    this.path = PATHS[id];
    this.answers = [];
  }

  get step() {
    const steps = this.path.steps;
    // a step that does not apply to the answers so far is passed over, its answer null
    while (this.answers.length < steps.length && steps[this.answers.length].when && !steps[this.answers.length].when(this.answers)) {
      this.answers.push(null);
    }
    return steps[this.answers.length];
  }

  /** Take an answer of ``kind`` (seat, call, card, contract, trick, count, choice); true when the path is complete. */
  take(kind, value) {
    if (!this.step || this.step[0] !== kind) return false;
    this.answers.push(value);
    return !this.step;
  }

  /** The numbers a ``trick`` or ``count`` step offers: its own range, or for a count the
   * tricks left from the trick answered before it (0 to 14 − k). */
  range() {
    const [kind, , low, high] = this.step;
    if (kind === "trick") return [low, high];
    const trick = this.path.steps.findIndex((s) => s[0] === "trick");
    return [0, 14 - this.answers[trick]];
  }

  /** The answers a ``choice`` step offers: its own list, or one made from the answers before it. */
  choices() {
    const list = this.step[2];
    return typeof list === "function" ? list(this.answers) : list;
  }

  actions(dealer, faceDown) { return this.path.actions(dealer, this.answers, faceDown); }
}
