// The calls a director is summoned to most, each as a direct path: pick the call, answer only
// what the Law needs (a seat, a call, a card — from the page's own seat strip, bidding box and
// card keys), and the assistant enters the auction that leads to it and rules at once. Nothing
// is invented about a hand: the path enters only calls (passes up to the turn in question) and
// the card the director saw.

const SEATS = ["N", "E", "S", "W"];
const next = (s, k = 1) => SEATS[(SEATS.indexOf(s) + k) % 4];

// Each path: its button, the questions in order (what each expects), and the actions it enters.
export const PATHS = {
  insufficient: {
    label: "quick_insufficient",
    steps: [["seat", "quick_who_insufficient"], ["call", "quick_bid_before"], ["call", "quick_bid_insufficient"]],
    actions: (dealer, [offender, before, bid]) => {
      const rho = next(offender, 3);
      return [...passesTo(dealer, rho), { seat: rho, call: before }, { seat: offender, call: bid }];
    },
  },
  bid_out_of_rotation: {
    label: "quick_bid_out_of_rotation",
    steps: [["seat", "quick_who_called"], ["seat", "quick_whose_turn"], ["call", "quick_which_call"]],
    actions: (dealer, [offender, turn, call]) => [...passesTo(dealer, turn), { seat: offender, call }],
  },
  pass_out_of_rotation: {
    label: "quick_pass_out_of_rotation",
    steps: [["seat", "quick_who_passed"], ["seat", "quick_whose_turn"]],
    actions: (dealer, [offender, turn]) => [...passesTo(dealer, turn), { seat: offender, call: "P" }],
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
  exposed_in_auction: {
    label: "quick_exposed_in_auction",
    steps: [["seat", "quick_who_exposed"], ["card", "quick_which_card"]],
    actions: (_dealer, [seat, card]) => [{ seat, expose: [card], how: "dropped" }],
  },
};

/** The passes from the dealer up to (not including) ``turn``: the auction has reached him. */
function passesTo(dealer, turn) {
  const out = [];
  for (let s = dealer; s !== turn; s = next(s)) out.push({ seat: s, call: "P" });
  return out;
}

/** One path being walked: what it asks now, and the answers so far. */
export class QuickPath {
  constructor(id) {
    this.id = id;
    this.path = PATHS[id];
    this.answers = [];
  }

  get step() { return this.path.steps[this.answers.length]; }

  /** Take an answer of ``kind`` (seat, call, card); true when the path is complete. */
  take(kind, value) {
    if (!this.step || this.step[0] !== kind) return false;
    this.answers.push(value);
    return this.answers.length === this.path.steps.length;
  }

  actions(dealer, faceDown) { return this.path.actions(dealer, this.answers, faceDown); }
}
