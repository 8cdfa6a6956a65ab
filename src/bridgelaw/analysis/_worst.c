/* The worst normal line of a claim (Law 70A), searched in C.
 *
 * The model is bridgelaw.analysis.normal, ported card for card: the claimer's side plays
 * only the cards normal_plays() allows, the defence any legal card, and both choices go
 * against the claimer. The value of a position is therefore a plain minimum over a
 * restricted game tree, and the search is a threshold search: below(t) finds a line
 * where the claimer's side wins fewer than t tricks, or proves that none exists. The
 * first threshold is the claim (the ruling's question); then each probe halves the
 * bracket between the bound proven and the lowest line found.
 *
 * What makes it fast:
 *  - hands are four 16-bit suit fields in one 64-bit word; the card winning the trick so
 *    far, the live cards and the tricks left are kept as cards are played, not recounted
 *    by every hand that asks;
 *  - the search is compiled twice (_worst_fast.c): once for any x86-64, once for the
 *    processors with popcnt, bmi, bmi2 and lzcnt, where a bit count or scan is one
 *    instruction; the module runs the second copy where the processor has them;
 *  - cards touching in rank among the live cards are one choice;
 *  - asked whether the claimer's side wins one more trick (the question most positions of
 *    the slowest proofs ask), a trick it has won already before its last cards are played
 *    answers it: the rest of that trick is not played out;
 *  - a hand's sure trump tricks are read from a table by the order of its trumps among
 *    the opposing ones (where the processor has pext);
 *  - every position at the start of a trick is kept in a transposition table under a
 *    key by relative rank (which hand holds the 1st, 2nd, ... card still out in each
 *    suit), with the bounds proven for it: endings that differ only in which small
 *    cards are gone meet there. An entry is 16 bytes, four to a cache line (past the
 *    first trick the key and the bounds fit in two words): most lookups miss the cache,
 *    and a smaller table misses it less and costs less memory to clear;
 *  - lower bounds that hold for every line prune: trumps above every opposing trump in
 *    one hand, a trick about to be led that the claimer's side wins whatever is led
 *    (every lead met by a hand holding only top cards of the suit, or led low to a
 *    partner whose every normal reply stays on top; no defence ruff; or, the defence
 *    leading, met by a fourth hand that can beat it and so must), that trick and the
 *    sure trump tricks a hand keeps after it however the trumps fall in it (trumps led
 *    included: the card led and one from each hand holding a trump), a hand's trumps and its cards
 *    above every defence card in the side suit where it holds fewest (it plays them all
 *    before a void lets it be squeezed), less what the defence's trumps and the hand's
 *    voids can take, the claimer's cashing run when the defence holds no trump (normal
 *    play leads a winner while the hand on lead holds one), and a side on lead holding
 *    only top cards (the other side trumpless) winning the rest;
 *  - asked whether the claimer's side wins one more trick, a position where the defence
 *    can take the next trick only with trumps that leave a hand of the claimer's side a
 *    sure trump trick answers it (defence_must_spend, claimer_lead_spends): normal play
 *    makes the claimer's fourth hand ruff or beat a side suit the defence leads, and a
 *    card the claimer leads above every defence card of its suit is taken only by a ruff;
 *  - with trumps drawn first, whether the defence on lead can take every trick left is
 *    the plain search's answer, read from its entry: such a line never has the claimer's
 *    side lead, and the two models differ only there;
 *  - upper bounds that a line reaches: the defence's sure trump tricks, and the top cards
 *    of one suit a defence hand on lead cashes before the claimer's side can ruff.
 *
 * The search runs with the GIL released: other Python threads (the web server's event
 * loop) keep running while a claim is analysed.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

typedef uint64_t u64;

#define SM(s) ((u64)0x1FFF << (16 * (s)))
#define SIDE(seat) ((seat) & 1)
#define NONE 99

/* a bit count that needs no library call where the target has no popcount instruction */
static inline int pop64(u64 m) {
#ifdef __POPCNT__
    return __builtin_popcountll(m);
#else
    m = m - ((m >> 1) & 0x5555555555555555ULL);
    m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((m * 0x0101010101010101ULL) >> 56);
#endif
}

static inline int topidx(u64 m) { return 63 - __builtin_clzll(m); }
static inline u64 topbit(u64 m) { return (u64)1 << topidx(m); }
static inline u64 lowbit(u64 m) { return m & (~m + 1); }
static inline int suit_of(u64 bit) { return __builtin_ctzll(bit) >> 4; }
/* the cards of bit's suit above bit */
static inline u64 above(u64 bit) { return SM(suit_of(bit)) & ~((bit << 1) - 1); }

/* An entry is 16 bytes, four to a cache line: the key's two words (rel_key), the second
 * with the bounds proven in its top byte, lb (bits 56-59) and ub (60-63: the tricks of a
 * line found from here, 15 for none). The first word is never 0 for a key (it holds the
 * live cards' counts): 0 marks an empty place. */
typedef struct {
    u64 k1, k2;
} Entry;

#define KEY2 (((u64)1 << 56) - 1)
#define NO_UB 15

static inline int e_lb(const Entry *e) { return (int)((e->k2 >> 56) & 15); }
static inline int e_ub(const Entry *e) { int u = (int)(e->k2 >> 60); return u == NO_UB ? NONE : u; }
static inline void set_lb(Entry *e, int v) { e->k2 = (e->k2 & ~((u64)15 << 56)) | ((u64)v << 56); }
static inline void set_ub(Entry *e, int v) { e->k2 = (e->k2 & ~((u64)15 << 60)) | ((u64)v << 60); }

typedef struct {
    u64 h[4];
    int trump;          /* -1: notrump */
    int side;           /* the claimer's side: 0 NS, 1 EW */
    int any_legal;      /* the claimer's side too plays any legal card (Law 71's sure tricks) */
    int trumps_first;
    int order[4], norder;
    int top, finesse, duck; /* suit masks the statement binds: from the top, a finesse, a trick ducked first */
    int cross_ruff;
    int leader, block, n;
    int tseat[4];
    u64 tcard[4];
    int wi[4];          /* wi[k]: the index of the card winning the trick after its first k + 1 cards */
    int left;           /* the tricks still to be completed, the one in progress included */
    u64 lv;             /* the live cards: in the hands or in the trick in progress */
    long nodes, limit;
    int spent;
    Entry *tt;
    size_t cap, used;
    int oom;
} S;

/* ------------------------------------------------------------------ the table */
/* The table's memory, zeroed. Probes land anywhere in it, so where the system offers
 * huge pages the table asks for them: one page-table walk covers 2 MiB instead of 4 KiB,
 * and most probes miss the cache but no longer the address translation too. */
static Entry *tt_alloc(size_t cap) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    size_t bytes = cap * sizeof(Entry);
    if (bytes >= ((size_t)2 << 20)) {
        void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return NULL;
        madvise(p, bytes, MADV_HUGEPAGE);
        return (Entry *)p;
    }
#endif
    return calloc(cap, sizeof(Entry));
}

static void tt_free(Entry *tt, size_t cap) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    size_t bytes = cap * sizeof(Entry);
    if (bytes >= ((size_t)2 << 20)) { munmap(tt, bytes); return; }
#endif
    free(tt);
}

static inline int tt_init(S *s, size_t cap) {
    s->tt = tt_alloc(cap);
    s->cap = cap;
    s->used = 0;
    return s->tt != NULL;
}

static inline u64 mix64(u64 z) { /* splitmix64's finaliser: every input bit reaches every output bit */
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline size_t tt_hash(u64 k1, u64 k2, size_t cap) {
    return (size_t)mix64(k1 ^ mix64(k2 + 0x9E3779B97F4A7C15ULL)) & (cap - 1);
}

static Entry *tt_find(S *s, u64 k1, u64 k2, int create);

/* An empty place taken for a key: nothing proven about it yet. */
static inline Entry *tt_claim(S *s, Entry *e, u64 k1, u64 k2) {
    e->k1 = k1;
    e->k2 = k2 | ((u64)NO_UB << 60); /* lb 0, no line */
    s->used++;
    return e;
}

/* The entry for a key, or NULL and in *slot the empty place where it would go: a
 * position searched and then stored costs one walk along the table, not two. */
static Entry *tt_lookup(const S *s, u64 k1, u64 k2, size_t *slot) {
    size_t i = tt_hash(k1, k2, s->cap);
    for (;;) {
        Entry *e = &s->tt[i];
        if (!e->k1) { *slot = i; return NULL; }
        if (e->k1 == k1 && (e->k2 & KEY2) == k2) return e;
        i = (i + 1) & (s->cap - 1);
    }
}

/* The entry to store a key searched from its lookup: the place found then, while the
 * table has neither grown nor had it taken meanwhile; else a fresh walk. */
static Entry *tt_store(S *s, u64 k1, u64 k2, Entry *found, size_t slot, size_t cap) {
    if (s->cap != cap) return tt_find(s, k1, k2, 1);
    if (found) return found;
    Entry *e = &s->tt[slot];
    if (e->k1 || s->used * 10 >= s->cap * 7) return tt_find(s, k1, k2, 1);
    return tt_claim(s, e, k1, k2);
}

static void tt_grow(S *s) {
    Entry *old = s->tt;
    size_t ocap = s->cap;
    Entry *nt = tt_alloc(ocap * 2);
    if (nt == NULL) { s->oom = 1; return; }
    s->tt = nt;
    s->cap = ocap * 2;
    s->used = 0;
    for (size_t i = 0; i < ocap; i++) {
        if (old[i].k1) {
            Entry *e = tt_find(s, old[i].k1, old[i].k2 & KEY2, 1);
            e->k2 = old[i].k2; /* the bounds with the key */
        }
    }
    tt_free(old, ocap);
}

static Entry *tt_find(S *s, u64 k1, u64 k2, int create) {
    if (create && !s->oom && s->used * 10 >= s->cap * 7) tt_grow(s);
    size_t i = tt_hash(k1, k2, s->cap);
    for (;;) {
        Entry *e = &s->tt[i];
        if (!e->k1) {
            if (!create || s->used * 10 >= s->cap * 9) return NULL;
            return tt_claim(s, e, k1, k2);
        }
        if (e->k1 == k1 && (e->k2 & KEY2) == k2) return e;
        i = (i + 1) & (s->cap - 1);
    }
}

/* ------------------------------------------------------------------ the model */
/* Kept up to date as tricks close and reopen: a card played to the trick in progress is
 * still live. */
static inline u64 live(const S *s) { return s->lv; }

static inline u64 opp_of(const S *s) { return s->h[(s->side + 1) & 3] | s->h[(s->side + 3) & 3]; }
static inline u64 ours_of(const S *s) { return s->h[s->side] | s->h[s->side + 2]; }

static inline int is_winner(u64 opp, u64 bit) { return !(opp & above(bit)); }

static inline int side_has_winner(const S *s, int suit) {
    u64 ours = ours_of(s) & SM(suit);
    return ours && is_winner(opp_of(s), topbit(ours));
}

/* Whether card c beats card b, the best so far of a trick (b led or played to it). */
static inline int beats(const S *s, u64 c, u64 b) {
    int cs = suit_of(c), bs = suit_of(b);
    return cs == bs ? c > b : cs == s->trump;
}

/* index in the trick of the card winning it so far: kept as each card is played, since
 * every hand's choices ask for it */
static inline int winning(const S *s) { return s->wi[s->n - 1]; }

static u64 cash(const S *s, int suit, u64 hand, u64 partner, u64 opp) {
    u64 mine = hand & SM(suit);
    if (!mine) return 0;
    if (s->duck >> suit & 1) return lowbit(mine);
    if (s->top >> suit & 1) { /* the side's top card, or low to it in partner's hand */
        if (!side_has_winner(s, suit)) return 0;
        return mine > (partner & SM(suit)) ? topbit(mine) : lowbit(mine);
    }
    u64 out = is_winner(opp, topbit(mine)) ? topbit(mine) : 0;
    u64 theirs = partner & SM(suit);
    if (theirs && (is_winner(opp, topbit(theirs)) || (s->finesse >> suit & 1))) out |= lowbit(mine);
    return out;
}

/* a stated suit the side goes on to: one it can cash, or its ducked suit */
static inline int side_can_play(const S *s, int suit) {
    if (s->duck >> suit & 1) return (ours_of(s) & SM(suit)) != 0;
    return side_has_winner(s, suit);
}

/* in a stated cross-ruff: the lowest card of each side suit partner is void in and can ruff */
static u64 ruff_leads(const S *s, u64 hand, u64 partner) {
    if (s->trump < 0 || !(partner & SM(s->trump))) return 0;
    u64 out = 0;
    for (int suit = 0; suit < 4; suit++) {
        u64 mine = hand & SM(suit);
        if (suit != s->trump && mine && !(partner & SM(suit))) out |= lowbit(mine);
    }
    return out;
}

/* whether the hand to play (following with follow) holds its side's highest card of the
 * suit led, partner's card already played to the trick counted in */
static int holds_side_top(const S *s, int seat, u64 follow) {
    int led = suit_of(s->tcard[0]), partner = (seat + 2) & 3;
    u64 theirs = s->h[partner] & SM(led);
    for (int i = 0; i < s->n; i++)
        if (s->tseat[i] == partner) theirs |= s->tcard[i] & SM(led);
    return follow > theirs;
}

static u64 normal_leads(const S *s, u64 hand, u64 partner) {
    u64 opp = opp_of(s);
    if (s->trumps_first && s->trump >= 0 && (opp & SM(s->trump)) && (hand & SM(s->trump))) {
        u64 t = hand & SM(s->trump), p = partner & SM(s->trump);
        /* trumps stated (or deemed, 70E2) from the top: the hand with the side's top trump leads it */
        if (s->top >> s->trump & 1) return t > p ? topbit(t) : lowbit(t);
        return topbit(t) | lowbit(t);
    }
    if (s->block >= 0 && side_has_winner(s, s->block)) { /* a block binds while the side has a winner there */
        u64 g = cash(s, s->block, hand, partner, opp);
        if (g) return g;
    }
    for (int i = 0; i < s->norder; i++) {
        if (side_can_play(s, s->order[i])) {
            u64 g = cash(s, s->order[i], hand, partner, opp);
            if (g) return g;
            break;
        }
    }
    u64 opts = s->cross_ruff ? ruff_leads(s, hand, partner) : 0;
    for (int suit = 0; suit < 4; suit++) opts |= cash(s, suit, hand, partner, opp);
    return opts ? opts : hand;
}

static u64 normal_plays(const S *s, int seat) {
    u64 hand = s->h[seat];
    if (s->n == 0) return normal_leads(s, hand, s->h[(seat + 2) & 3]);
    int led = suit_of(s->tcard[0]);
    u64 follow = hand & SM(led);
    int wi = winning(s);
    u64 best = s->tcard[wi];
    int partner_winning = SIDE(s->tseat[wi]) == s->side;
    if (follow) {
        u64 low = lowbit(follow), high = topbit(follow);
        u64 beaters = suit_of(best) == led ? follow & above(best) : 0;
        if (s->duck >> led & 1) return low;
        if (s->top >> led & 1) return holds_side_top(s, seat, follow) ? high : low;
        if (s->finesse >> led & 1) return beaters && !partner_winning ? lowbit(beaters) : low;
        if (partner_winning) return low | high;
        if (!beaters) return low;
        u64 out = lowbit(beaters) | high;
        if (s->n == 1) out |= low;
        return out;
    }
    u64 trumps = s->trump >= 0 ? hand & SM(s->trump) : 0;
    u64 opp = opp_of(s);
    u64 losers = 0;
    for (int suit = 0; suit < 4; suit++) {
        u64 o = opp & SM(suit);
        if (o) losers |= hand & SM(suit) & (topbit(o) - 1);
    }
    u64 discards = s->trump >= 0 ? losers & ~SM(s->trump) : losers;
    if (trumps && !partner_winning) {
        u64 ruffs = suit_of(best) != s->trump ? trumps : trumps & above(best);
        if (ruffs) {
            if (s->n != 1 || !discards || s->cross_ruff) return lowbit(ruffs);
            return lowbit(ruffs) | discards;
        }
    }
    return discards ? discards : (losers ? losers : hand);
}

/* One card per run of the hand's wanted cards that touch in rank among the live cards
 * (the lowest card of the run), lowest first. */
static int run_groups(u64 lv, u64 hand, u64 wanted, u64 *out) {
    u64 gaps = lv & ~hand, m = hand & wanted, prev = 0;
    int n = 0;
    while (m) {
        u64 bit = lowbit(m);
        m ^= bit;
        if (prev && suit_of(bit) == suit_of(prev) && !(gaps & (bit - 1) & ~((prev << 1) - 1))) continue;
        prev = bit;
        out[n++] = bit;
    }
    return n;
}

static inline int rank_of(u64 bit) { return __builtin_ctzll(bit) & 15; }

static void sort_by(u64 *c, int n, int *key) {
    for (int i = 1; i < n; i++) {
        u64 x = c[i];
        int kx = key[i], j = i - 1;
        while (j >= 0 && key[j] > kx) { c[j + 1] = c[j]; key[j + 1] = key[j]; j--; }
        c[j + 1] = x;
        key[j + 1] = kx;
    }
}

/* The choices of the hand to play, in the order tried: the claimer's cheapest first
 * (they lose tricks soonest); the defence cashes, wins cheaply, or plays low to partner. */
static int moves(const S *s, int seat, u64 *out) {
    u64 hand = s->h[seat];
    int key[13];
    int n;
    if (SIDE(seat) == s->side && !s->any_legal) {
        n = run_groups(live(s), hand, normal_plays(s, seat), out);
        for (int i = 0; i < n; i++) key[i] = rank_of(out[i]);
        sort_by(out, n, key);
        return n;
    }
    u64 legal = hand;
    if (s->n) {
        u64 f = hand & SM(suit_of(s->tcard[0]));
        if (f) legal = f;
    }
    n = run_groups(live(s), hand, legal, out);
    int defence = SIDE(seat) != s->side;
    if (s->n == 0) {
        for (int i = 0; i < n; i++) key[i] = defence ? -rank_of(out[i]) : rank_of(out[i]);
    } else {
        int wi = winning(s);
        u64 best = s->tcard[wi];
        int against = SIDE(s->tseat[wi]) != SIDE(seat);
        for (int i = 0; i < n; i++) {
            u64 c = out[i];
            int k = rank_of(c);
            if (against && defence) k += (beats(s, c, best) ? 0 : 200) + (suit_of(c) == s->trump ? 100 : 0);
            key[i] = k;
        }
    }
    sort_by(out, n, key);
    return n;
}

/* ------------------------------------------------------------------ keys and bounds */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define HAVE_PEXT 1
/* The owner bits of the live cards gathered in rank order, and the live cards' count in
 * each suit (4 bits each): one instruction each where the processor has a fast one (module
 * init decides; every processor with pext has popcnt too). */
__attribute__((target("bmi2,popcnt"))) static void gather_owners(u64 lo, u64 hi, u64 all, u64 *a, u64 *b,
                                                                 u64 *counts) {
    *a = _pext_u64(lo, all);
    *b = _pext_u64(hi, all);
    *counts = (u64)__builtin_popcountll(all & SM(0)) | ((u64)__builtin_popcountll(all & SM(1)) << 4) |
              ((u64)__builtin_popcountll(all & SM(2)) << 8) | ((u64)__builtin_popcountll(all & SM(3)) << 12);
}
#endif
static int use_pext;

/* The key of a position at the start of a trick with at most 12 tricks left (the table
 * keeps no other): who holds the 1st, 2nd, ... live card from the bottom of each suit,
 * the suits one after another (the two bits of each owner in two words of at most 48
 * bits), how many live cards each suit has, and what binds the next lead. The second
 * word leaves its top byte to the entry's bounds. */
#define MODEL_BIT ((u64)1 << 53) /* the key's bit for the model with trumps drawn first */
static void rel_key(const S *s, u64 *k1, u64 *k2) {
    u64 lo = s->h[1] | s->h[3], hi = s->h[2] | s->h[3]; /* the two bits of each card's owner */
    u64 all = s->h[0] | s->h[1] | s->h[2] | s->h[3];
    int block = s->block;
    if (block >= 0 && !side_has_winner(s, block)) block = -1; /* a block without a winner never binds again */
    /* the two models (trumps drawn first or not) share one table: they differ only
     * while an opponent still holds a trump and the claimer's side one to lead (a side
     * out of trumps never gets one back) */
    u64 model = s->trumps_first && s->trump >= 0 && (opp_of(s) & SM(s->trump)) && (ours_of(s) & SM(s->trump)) ? 1 : 0;
    u64 ducking = s->duck ? 1 : 0; /* at most one suit is ducked: whether its trick is still to come */
    u64 tail = ((u64)(block + 1) << 48) | ((u64)s->leader << 51) | (model ? MODEL_BIT : 0) | (ducking << 54);
    u64 a = 0, b = 0, counts;
#ifdef HAVE_PEXT
    if (use_pext) {
        gather_owners(lo, hi, all, &a, &b, &counts);
        *k1 = a | (counts << 48);
        *k2 = b | tail;
        return;
    }
#endif
    counts = (u64)pop64(all & SM(0)) | ((u64)pop64(all & SM(1)) << 4) | ((u64)pop64(all & SM(2)) << 8) |
             ((u64)pop64(all & SM(3)) << 12);
    int k = 0;
    for (u64 m = all; m; k++) { /* what pext gathers, one live card at a time from the bottom */
        u64 bit = lowbit(m);
        m ^= bit;
        if (lo & bit) a |= (u64)1 << k;
        if (hi & bit) b |= (u64)1 << k;
    }
    *k1 = a | (counts << 48);
    *k2 = b | tail;
}

/* The side on lead holds only cards above every card of their suit the other side
 * holds, and the other side has no trump: the side on lead wins every trick. Returns the
 * claimer's tricks from here, or -1. */
static int all_top(const S *s) {
    int lside = SIDE(s->leader);
    u64 mine = s->h[lside] | s->h[lside + 2];
    u64 theirs = s->h[lside ^ 1] | s->h[(lside ^ 1) + 2];
    if (s->trump >= 0 && (theirs & SM(s->trump))) return -1;
    for (int suit = 0; suit < 4; suit++) {
        u64 m = mine & SM(suit), t = theirs & SM(suit);
        if (m && t && lowbit(m) < topbit(t)) return -1;
    }
    return lside == s->side ? s->left : 0;
}

/* Tricks one hand's trumps win whatever anybody plays: each trick in which the hand
 * plays a trump is its side's unless an opponent plays a higher trump to it, and each
 * opposing trump spoils at most one such trick. So the hand wins at least its trump count
 * less the most of its trumps the opposing trumps can be matched against, each to one of
 * its trumps below it (greedy from the top: a maximum matching on this order). */
static int trump_tricks_loop(u64 mine, u64 theirs) {
    int avail = 0, lost = 0;
    u64 both = mine | theirs;
    while (both) {
        u64 bit = topbit(both);
        both ^= bit;
        if (theirs & bit) avail++;
        else if (avail) { avail--; lost++; }
    }
    return pop64(mine) - lost;
}

#ifdef HAVE_PEXT
/* The count depends only on the order of the two holdings' cards: with pext it is read
 * from a table (module init fills it) indexed by the number of trumps n and, in n bits
 * from the lowest trump up, which of them are the hand's. */
static int8_t trump_table[1 << 14];

__attribute__((target("bmi2,popcnt"))) static int trump_tricks_pext(u64 mine, u64 theirs) {
    u64 both = mine | theirs;
    return trump_table[((u64)1 << __builtin_popcountll(both)) | _pext_u64(mine, both)];
}

static void fill_trump_table(void) {
    for (int n = 0; n <= 13; n++)
        for (u64 p = 0; p < ((u64)1 << n); p++)
            trump_table[((u64)1 << n) | p] = (int8_t)trump_tricks_loop(p, (((u64)1 << n) - 1) & ~p);
}
#endif

static inline int trump_tricks(u64 mine, u64 theirs) {
    if (!mine || !theirs) return pop64(mine); /* most calls: trumps drawn, or a hand without */
#ifdef HAVE_PEXT
    if (use_pext) return trump_tricks_pext(mine, theirs);
#endif
    return trump_tricks_loop(mine, theirs);
}

/* A lower bound of the tricks side `sd` wins from here over every line (any legal card
 * by anybody, so it holds for the normal lines too): the better of its two hands' sure
 * trump tricks. */
static int sure_trumps(const S *s, int sd) {
    if (s->trump < 0) return 0;
    u64 tm = SM(s->trump);
    u64 o = (s->h[(sd + 1) & 3] | s->h[(sd + 3) & 3]) & tm;
    int a = trump_tricks(s->h[sd] & tm, o), b = trump_tricks(s->h[sd + 2] & tm, o);
    return a > b ? a : b;
}

/* The claimer's side leads c, a card of a suit its partner holds, and no defence hand can
 * ruff: whether the side wins the trick whatever the defence plays. Partner follows as
 * normal play lets him (low or high while the side is winning, else the cheapest card that
 * wins or his highest); after each second-hand card and each such reply, the fourth hand
 * must hold nothing above the side's card. */
static int lead_holds(const S *s, u64 c) {
    u64 sm = SM(suit_of(c));
    u64 second = s->h[(s->leader + 1) & 3] & sm, fourth = s->h[(s->leader + 3) & 3] & sm;
    u64 mate = s->h[(s->leader + 2) & 3] & sm;
    u64 top4 = fourth ? topbit(fourth) : 0;
    if (!mate) return 0;
    u64 plays = second ? second : 1; /* 1: a discard, which beats nothing */
    while (plays) {
        u64 d = lowbit(plays);
        plays ^= d;
        int ahead = second && d > c; /* the second hand's card is winning */
        u64 best = ahead ? d : c;
        u64 replies;
        if (!ahead) {
            replies = lowbit(mate) | topbit(mate);
        } else {
            u64 beaters = mate & above(d);
            if (!beaters) return 0;
            replies = lowbit(beaters) | topbit(mate);
        }
        while (replies) {
            u64 q = lowbit(replies);
            replies ^= q;
            u64 win = q > best ? q : best;
            if (win == d || top4 > win) return 0;
        }
    }
    return 1;
}

/* Every card the claimer's side may lead in one suit (led) wins the trick: it is above
 * every defence card there (o), or partner's reply takes the trick in any case. */
static int leads_hold(const S *s, u64 led, u64 o) {
    u64 top = topbit(o);
    while (led) {
        u64 c = lowbit(led);
        led ^= c;
        if (c < top && !lead_holds(s, c)) return 0;
    }
    return 1;
}

/* The defence leads a card of suit `suit`: whether the claimer's hand that plays fourth
 * wins the trick for its side whatever the other three play. Normal play makes the fourth
 * hand beat the card winning the trick when it can (the cheapest card that wins or its
 * highest, following; the cheapest trump that wins, void), and only the third hand can
 * ruff (the leader holds the suit). So the trick is the side's when the fourth hand holds
 * the suit, its highest card above every defence card there, and the third hand cannot
 * ruff; or when it is void in a side suit and holds a trump above every trump of a third
 * hand that can ruff (any trump, if it cannot). A card of its partner's winning the trick
 * wins it for the side all the same. Not in a suit stated from the top or ducked (the
 * hand may have to play low). */
static int fourth_hand_beats(const S *s, int suit) {
    int b = (s->leader + 3) & 3;
    u64 sm = SM(suit), tm = s->trump >= 0 ? SM(s->trump) : 0;
    u64 mine = s->h[b] & sm, third = s->h[(s->leader + 2) & 3];
    int ruff = sm != tm && (third & tm) && !(third & sm); /* the third hand can ruff */
    if (mine) return !(((s->top | s->duck) >> suit) & 1) && !ruff && topbit(mine) > topbit(opp_of(s) & sm);
    u64 trumps = s->h[b] & tm;
    return sm != tm && trumps && (!ruff || topbit(trumps) > topbit(third & tm));
}

/* The trick about to be led is the claimer's whatever anybody plays. For each card the
 * leader may lead (the normal leads when the claimer's side leads, any card when the
 * defence does), the trick is the claimer's when no defence hand can ruff it (each
 * defence hand that holds a trump holds the suit led, or trumps are led) and either the
 * card led is the claimer's and above every defence card of its suit, or a hand of the
 * claimer's side other than the leader holds cards of that suit all above every defence
 * card there: it must follow with one, which beats every defence card of the suit (a
 * higher card of its partner wins the trick for the side just the same); or, the
 * defence leading, the claimer's fourth hand beats whatever is played before it
 * (fourth_hand_beats). */
static int first_trick_ours(const S *s, int *led_suits) {
    u64 opp = opp_of(s);
    u64 tm = s->trump >= 0 ? SM(s->trump) : 0;
    u64 d1 = s->h[(s->side + 1) & 3], d2 = s->h[(s->side + 3) & 3];
    int ours = SIDE(s->leader) == s->side;
    u64 lead = s->h[s->leader];
    if (ours && !s->any_legal) lead = normal_leads(s, lead, s->h[(s->leader + 2) & 3]);
    *led_suits = 0;
    for (int suit = 0; suit < 4; suit++) {
        u64 sm = SM(suit), led = lead & sm;
        if (!led) continue;
        *led_suits |= 1 << suit;
        if (!ours && !s->any_legal && fourth_hand_beats(s, suit)) continue;
        if (sm != tm && (((d1 & tm) && !(d1 & sm)) || ((d2 & tm) && !(d2 & sm)))) return 0;
        u64 o = opp & sm;
        if (!o || (ours && lowbit(led) > topbit(o))) continue;
        int held = 0;
        for (int k = 0; k < 2; k++) {
            int seat = s->side + 2 * k;
            u64 m = s->h[seat] & sm;
            if (seat != s->leader && m && lowbit(m) > topbit(o)) held = 1;
        }
        if (!held && !(ours && !s->any_legal && !(((s->top | s->finesse | s->duck) >> suit) & 1) && leads_hold(s, led, o)))
            return 0;
    }
    return 1;
}

/* A hand of the claimer's side plays each of its trumps, and before it is void in a side
 * suit the defence holds where it has cards, it plays every card it holds there, among
 * them its cards above every defence card of that suit. Each of those plays wins a trick
 * of its own (led or played to the suit led, such a card is the best but partner's or a
 * ruff's, and a trump loses only to a higher trump), unless the trick holds a defence
 * trump (each defence trump spoils one trick at most) or the card is discarded on a trick
 * the defence wins in a side suit the hand was void in from the start: those tricks are
 * at most, in each such suit, the longer defence hand's length. So its side wins the
 * hand's trumps less the defence's, and its fewest such top cards in a side suit the
 * defence holds less those suits' lengths (when that is more than none): in any legal
 * line, so in every normal one.
 * (After it voids a suit the defence holds, its top cards elsewhere may be discarded on
 * the defence's winners there: the squeeze that makes "top cards per suit" no bound.) */
static inline __attribute__((always_inline)) int guarded_hand_with(const S *s, int hw) {
#define GPOP(m) (hw ? __builtin_popcountll(m) : pop64(m))
    u64 tm = s->trump >= 0 ? SM(s->trump) : 0;
    u64 d1 = s->h[(s->side + 1) & 3], d2 = s->h[(s->side + 3) & 3], opp = d1 | d2;
    int spoilers = GPOP(opp & tm);
    int best = 0;
    for (int k = 0; k < 2; k++) {
        u64 h = s->h[s->side + 2 * k];
        int fewest = 13, voids = 0;
        for (int suit = 0; suit < 4; suit++) {
            u64 sm = SM(suit), o = opp & sm;
            if (!o || sm == tm) continue;
            if (h & sm) {
                int tops = GPOP(h & above(topbit(o)));
                if (tops < fewest) fewest = tops;
            } else {
                int a = GPOP(d1 & sm), b = GPOP(d2 & sm);
                voids += a > b ? a : b;
            }
        }
        int tops = (fewest == 13 ? 0 : fewest) - voids;
        int v = GPOP(h & tm) - spoilers + (tops > 0 ? tops : 0);
        if (v > best) best = v;
    }
    return best;
}
#undef GPOP

/* the bound is asked at nearly every trick start: where the processor counts bits in one
 * instruction (every one with pext does), a copy of it built to use that */
#ifdef HAVE_PEXT
__attribute__((target("popcnt"))) static int guarded_hand_popcnt(const S *s) { return guarded_hand_with(s, 1); }
#endif

static int guarded_hand(const S *s) {
#ifdef HAVE_PEXT
    if (use_pext) return guarded_hand_popcnt(s);
#endif
    return guarded_hand_with(s, 0);
}

/* The claimer's side on lead: the tricks it wins before the defence can take one, while
 * no defence hand can ruff (a defence trump caps the run below). A card above every defence card of its suit is a winner (and
 * stays one). A hand of the side holding a winner has a cashing lead, so normal play
 * leads one of those (its top card in a suit where that is a winner, or low to partner's
 * winner; a block binds to such a lead too). Where both hands hold a suit, one of them
 * holding only winners there, every such lead wins the trick: the defence cannot ruff,
 * and low to partner's winner meets a partner whose every card beats the defence's (or a
 * low card that is itself a winner). So the side wins trick after trick while the hand
 * on lead holds a winner; each hand plays one card a trick, so a hand with w winners
 * still holds one at the start of each of the next w tricks: the side wins at least the
 * fewer of its two hands' winners (the leader's, if the partner holds none: one trick).
 * If the partner cannot take the lead (no trumps, and below the leader's every card
 * where both hold a suit), the leader leads every trick and never discards: after i
 * rounds of a suit it still holds its i-th highest card there or a better one, and a
 * defence hand holding at most i cards of the suit no longer holds a card above it. So
 * that card is a winner when its turn comes if every defence hand above it holds at most
 * i cards of the suit: the leader wins that many tricks. Not with a stated line (it may
 * bind other leads) nor for Law 71 (any card may be led). */
static int cash_run(const S *s) {
    if (SIDE(s->leader) != s->side || s->any_legal || s->top || s->finesse || s->duck || s->norder || s->cross_ruff)
        return 0;
    u64 tm = s->trump >= 0 ? SM(s->trump) : 0;
    u64 d1 = s->h[(s->side + 1) & 3], d2 = s->h[(s->side + 3) & 3];
    u64 lead = s->h[s->leader], partner = s->h[(s->leader + 2) & 3];
    int safe = 13;
    if ((d1 | d2) & tm) {
        /* a defence hand holding a trump ruffs nothing while it holds the suit led, and in
         * a trick it cannot ruff it follows suit: each such trick takes one card of the
         * suit led from it and none of another suit. So whatever side suits the claimer's
         * hands lead, the first `safe` tricks are safe from ruffs, `safe` being the
         * shortest holding of such a hand in a side suit either of the claimer's hands
         * holds. Not with trumps drawn first while the claimer's side holds a trump: a
         * low trump is led then, winner or not. */
        if (s->trumps_first && ((lead | partner) & tm)) return 0;
        for (int suit = 0; suit < 4; suit++) {
            u64 sm = SM(suit);
            if (sm == tm || !((lead | partner) & sm)) continue;
            if ((d1 & tm) && pop64(d1 & sm) < safe) safe = pop64(d1 & sm);
            if ((d2 & tm) && pop64(d2 & sm) < safe) safe = pop64(d2 & sm);
        }
        if (!safe) return 0;
    }
    int keep = !(partner & tm), shared_ok = 1, run = 0, wl = 0, wp = 0;
    for (int suit = 0; suit < 4; suit++) {
        u64 sm = SM(suit), mine = lead & sm, p = partner & sm, a = d1 & sm, b = d2 & sm;
        u64 win = (a | b) ? above(topbit(a | b)) : sm; /* the cards above every defence card */
        wl += pop64(mine & win);
        wp += pop64(p & win);
        if (mine && p) {
            if ((mine & ~win) && (p & ~win)) shared_ok = 0;
            if (lowbit(mine) < topbit(p)) keep = 0;
        }
        int na = pop64(a), nb = pop64(b);
        u64 ta = a ? topbit(a) : 0, tb = b ? topbit(b) : 0;
        for (int i = 0; mine && keep; i++) {
            u64 c = topbit(mine);
            mine ^= c;
            if ((na > i && ta > c) || (nb > i && tb > c)) break;
            run++;
        }
    }
    int two = !shared_ok || !wl ? 0 : wp < wl ? (wp > 1 ? wp : 1) : wl;
    int won = keep && run > two ? run : two;
    return won < safe ? won : safe;
}

/* The claimer's tricks from here on every line, as far as the cheap bounds see (at least
 * t if they see that many). */
static int top_trumps(const S *s, int t) {
    int q = sure_trumps(s, s->side);
    if (q >= t) return q; /* the cheapest first: the others only when it falls short */
    int g = guarded_hand(s);
    if (g > q) q = g;
    if (q < t) {
        int c = cash_run(s);
        if (c > q) q = c;
    }
    int suits;
    return q > 0 ? q : first_trick_ours(s, &suits);
}

/* The fewest sure trump tricks (trump_tricks) a hand holding the trumps `mine` keeps
 * after a trick of trumps led: `led` the trumps that may be led (by this hand when
 * `leads`), d1 and d2 the defence hands' trumps. Each hand holding a trump plays one to
 * the trick (it must follow), the leader the card led. The fewest come from the lowest
 * trump of each defence hand and the highest the hand may play: a matching of the
 * defence's trumps against the hand's (trump_tricks counts the hand's cards left
 * unmatched) that used the defence's lowest trump can use a higher one instead, and one
 * that used the hand's highest trump can cover a lower one instead. */
static int trumps_after_trump_lead(u64 mine, u64 led, int leads, u64 d1, u64 d2) {
    u64 left = (d1 | d2) & ~(lowbit(d1) | lowbit(d2));
    return trump_tricks(mine & ~topbit(leads ? led : mine), left);
}

/* A bound worth its cost only before a position is searched: the trick about to be led
 * is the claimer's (first_trick_ours), and after it a hand of the side still holds sure
 * trump tricks (trump_tricks): that trick and those. For each suit that may be led, the
 * fewest the hand keeps: a side suit it leads or holds, its trumps against the defence's
 * trumps as they are (a defence trump played to the trick only raises the count); a side
 * suit it is void in, its trumps less any one it may ruff with; trumps led, its trumps
 * less the one it leads or follows with against the defence's less the one each defence
 * hand holding a trump must follow with (trumps_after_trump_lead). 0 when it does not
 * apply. */
static int kept_trumps(const S *s) {
    int suits;
    if (s->trump < 0 || !first_trick_ours(s, &suits)) return 0;
    u64 tm = SM(s->trump), o = opp_of(s) & tm;
    u64 lead = s->h[s->leader];
    if (SIDE(s->leader) == s->side && !s->any_legal) lead = normal_leads(s, lead, s->h[(s->leader + 2) & 3]);
    u64 d1 = s->h[(s->side + 1) & 3] & tm, d2 = s->h[(s->side + 3) & 3] & tm;
    int best = 0;
    for (int k = 0; k < 2; k++) {
        int seat = s->side + 2 * k;
        u64 h = s->h[seat], mine = h & tm;
        if (!mine) continue;
        int worst = 14;
        for (int suit = 0; suit < 4 && worst > 0; suit++) {
            u64 sm = SM(suit);
            if (!((suits >> suit) & 1)) continue;
            int v;
            if (sm == tm) {
                v = trumps_after_trump_lead(mine, lead & tm, seat == s->leader, d1, d2);
            } else if (seat == s->leader || (h & sm)) {
                v = trump_tricks(mine, o);
            } else {
                v = trump_tricks(mine & ~topbit(mine), o); /* its highest ruff is the worst (as above) */
            }
            if (v < worst) worst = v;
        }
        if (worst < 14 && 1 + worst > best) best = 1 + worst;
    }
    return best;
}

/* After a trick of suit `suit` in which the defence plays the trumps `spent`, a hand of
 * the claimer's side still holds trumps that win a trick whatever anybody plays
 * (trump_tricks against the defence trumps left): whichever trump it may play to this
 * trick, none when it follows to the side suit led, the card `led` when it leads it.
 * Removing one card from a hand's trumps lowers the count by one at most, so a hand that
 * may also keep its trumps (a discard) is covered by the trumps it may play. */
static int trumps_sure_after(const S *s, u64 spent, int suit, u64 led) {
    u64 tm = SM(s->trump), d = opp_of(s) & tm & ~spent;
    for (int k = 0; k < 2; k++) {
        u64 h = s->h[s->side + 2 * k], mine = h & tm;
        if (!mine) continue;
        if (h & led) {
            if (trump_tricks(mine & ~led, d) >= 1) return 1;
            continue;
        }
        if (suit != s->trump && (h & SM(suit))) {
            if (trump_tricks(mine, d) >= 1) return 1;
            continue;
        }
        int ok = 1;
        for (u64 m = mine; m && ok; m &= m - 1)
            if (trump_tricks(mine & ~lowbit(m), d) < 1) ok = 0;
        if (ok) return 1;
    }
    return 0;
}

/* The defence on lead: whether it can take the next trick only by playing trumps that
 * leave a hand of the claimer's side trumps it wins a trick with (trumps_sure_after), so
 * that the claimer's side wins a trick on every line. The leader leads some card of a
 * suit it holds; for each such suit:
 *  - a side suit: without a defence trump in the trick, the claimer's fourth hand wins
 *    it: void there, it holds a trump, and normal play makes a fourth hand ruff when its
 *    partner is not winning (nothing beats its ruff after it); or it holds the suit with
 *    a card above every defence card there, and normal play makes it beat the card
 *    winning the trick when it can (the cheapest card that does or its highest: both
 *    beat; not in a suit stated from the top or ducked, where it may have to play low).
 *    A trick the defence wins therefore holds a trump of the leader's partner, void in
 *    the suit (the leader leads the suit), and no other defence trump: for each trump it
 *    may ruff with, trumps_sure_after;
 *  - trumps: the leader's trump and, the partner holding one, the partner's (he must
 *    follow): for each pair, trumps_sure_after.
 * Not for Law 71's sure tricks (any card is played there). */
static int defence_must_spend(const S *s) {
    if (s->trump < 0 || s->any_legal || SIDE(s->leader) == s->side) return 0;
    u64 tm = SM(s->trump), opp = opp_of(s);
    u64 lead = s->h[s->leader], mate = s->h[(s->leader + 2) & 3], fourth = s->h[(s->leader + 3) & 3];
    for (int suit = 0; suit < 4; suit++) {
        u64 sm = SM(suit);
        if (!(lead & sm)) continue;
        if (sm == tm) {
            for (u64 x = lead & tm; x; x &= x - 1) {
                if (!(mate & tm)) {
                    if (!trumps_sure_after(s, lowbit(x), suit, 0)) return 0;
                    continue;
                }
                for (u64 y = mate & tm; y; y &= y - 1)
                    if (!trumps_sure_after(s, lowbit(x) | lowbit(y), suit, 0)) return 0;
            }
            continue;
        }
        u64 f = fourth & sm;
        int wins = f ? !(((s->top | s->duck) >> suit) & 1) && topbit(f) > topbit(opp & sm) : (fourth & tm) != 0;
        if (!wins) return 0;
        if (!(mate & sm))
            for (u64 x = mate & tm; x; x &= x - 1)
                if (!trumps_sure_after(s, lowbit(x), suit, 0)) return 0;
    }
    return 1;
}

/* The claimer's side on lead: whether every card normal play may lead wins the trick or
 * costs the defence trumps that leave a hand of the side trumps it wins a trick with
 * (trumps_sure_after, the leader's card the one led). Each lead must be a trump or a card
 * above every defence card of its suit; then the defence wins the trick only with
 * trumps: with a side suit led, the trump, if any, of each defence hand void in it (one
 * card a hand, none played means the card led or partner's wins); with trumps led, the
 * trump of each defence hand holding one (it must follow; none at all, and a trump of
 * the side wins). */
static int claimer_lead_spends(const S *s) {
    if (s->trump < 0 || s->any_legal || SIDE(s->leader) != s->side) return 0;
    u64 tm = SM(s->trump), opp = opp_of(s);
    u64 d1 = s->h[(s->leader + 1) & 3], d2 = s->h[(s->leader + 3) & 3];
    u64 leads = normal_leads(s, s->h[s->leader], s->h[(s->leader + 2) & 3]);
    for (u64 m = leads; m; m &= m - 1) {
        u64 c = lowbit(m), sm = SM(suit_of(c));
        const u64 none = (u64)1 << 15; /* outside every suit's 13 cards: no trump played */
        u64 a, b; /* the trumps each defence hand may play to the trick, or none */
        if (sm == tm) {
            a = d1 & tm ? d1 & tm : none;
            b = d2 & tm ? d2 & tm : none;
        } else {
            if (!is_winner(opp, c)) return 0;
            a = (d1 & sm ? 0 : d1 & tm) | none;
            b = (d2 & sm ? 0 : d2 & tm) | none;
        }
        for (u64 x = a; x; x &= x - 1)
            for (u64 y = b; y; y &= y - 1) {
                u64 spent = (lowbit(x) | lowbit(y)) & ~none;
                if (spent && !trumps_sure_after(s, spent, suit_of(c), c)) return 0;
            }
    }
    return 1;
}

/* The defence on lead cashes its top cards in one suit: a line exists in which the
 * claimer's side wins none of those tricks. The leader leads its cards above every other
 * card of the suit, top down (its partner never takes the lead over); the claimer's hands follow low (nothing
 * they hold beats them) or, void, discard, except a hand holding a trump in a side suit,
 * which ruffs once it is void: the rounds are at most its length there. Returns the most
 * such tricks over the suits (0 when the claimer's side is on lead). An upper bound of
 * the worst line: the claimer's tricks are at most the tricks left less these. */
static int defence_cashes(const S *s) {
    if (SIDE(s->leader) == s->side || s->n) return 0;
    u64 lead = s->h[s->leader], partner = s->h[(s->leader + 2) & 3], a = s->h[s->side], b = s->h[s->side + 2];
    int best = 0;
    for (int suit = 0; suit < 4; suit++) {
        u64 sm = SM(suit), mine = lead & sm;
        if (!mine) continue;
        u64 others = (a | b | partner) & sm; /* the partner's too: his card must not win and lead next */
        int w = pop64(others ? mine & above(topbit(others)) : mine);
        if (s->trump >= 0 && suit != s->trump) {
            u64 tm = SM(s->trump);
            int la = pop64(a & sm), lb = pop64(b & sm);
            if ((a & tm) && la < w) w = la;
            if ((b & tm) && lb < w) w = lb;
        }
        if (w > best) best = w;
    }
    return best;
}

/* ------------------------------------------------------------------ the search */
static int play_trick(S *s, int t);

/* The last trick: one card in each hand, nothing to choose. */
static int last_trick(S *s) {
    int best = s->leader;
    u64 b = s->h[best];
    for (int i = 1; i < 4; i++) {
        int seat = (s->leader + i) & 3;
        u64 c = s->h[seat];
        int cs = suit_of(c), bs = suit_of(b);
        if ((cs == bs && c > b) || (cs == s->trump && bs != s->trump)) { best = seat; b = c; }
    }
    return SIDE(best) == s->side;
}

/* Whether the defence, on lead, can take every trick left is the same question in both
 * models (trumps drawn first or not): a line in which it does is led by the defence
 * throughout (each trick's winner leads the next), and the models differ only in what
 * the claimer's side leads, never in how it follows or discards. So with trumps drawn
 * first, at a position the plain search has already answered it for (its entry under
 * the key without the model bit: a bound of at least 1, or a line of 0), that answer
 * holds: 1 (the claimer's side wins a trick on every line), 0 (a line where it wins
 * none), -1 not known. The line of 0 is found again when it is read off (line_from asks
 * below() of the drawn model). */
static int sweep_elsewhere(const S *s, u64 k1, u64 k2) {
    if (!(k2 & MODEL_BIT) || SIDE(s->leader) == s->side) return -1;
    size_t slot;
    const Entry *e = tt_lookup(s, k1, k2 & ~MODEL_BIT, &slot);
    if (!e) return -1;
    if (e_lb(e) >= 1) return 1;
    if (e_ub(e) == 0) return 0;
    return -1;
}

/* At the start of a trick: a line where the claimer's side wins fewer than t tricks
 * from here (its tricks, < t), or a proven lower bound (>= t). */
static int below(S *s, int t) {
    int left = s->left;
    if (left == 0 || t <= 0) return 0;
    if (left == 1) return last_trick(s);
    /* the bounds that cost no memory access first: most calls end here */
    int quick = top_trumps(s, t);
    if (quick >= t) return quick;
    /* the defence's sure trump tricks cap every line: all of them are below t */
    int cap = left - sure_trumps(s, s->side ^ 1);
    if (cap < t) return cap;
    cap = left - defence_cashes(s);
    if (cap < t) return cap;
    int exact = all_top(s);
    if (exact >= 0) return exact;
    if (left == 2) { /* cheaper to play out than to look up */
        if (s->spent) return t;
        return play_trick(s, t);
    }
    if (left > 12) { /* the first trick of the play: no table entry (see rel_key) */
        if (s->spent) return t;
        int kept = kept_trumps(s);
        if (kept > quick) quick = kept;
        if (quick >= t) return quick;
        if (++s->nodes > s->limit) { s->spent = 1; return t; }
        return play_trick(s, t);
    }
    u64 k1, k2;
    rel_key(s, &k1, &k2);
    size_t slot = 0, tcap = s->cap;
    Entry *e = tt_lookup(s, k1, k2, &slot);
    if (e) {
        if (e_lb(e) >= t) return e_lb(e);
        if (e_ub(e) < t) return e_ub(e);
    }
    if (s->spent) return t; /* unwinding: the value is not used */
    int kept = kept_trumps(s);
    if (kept > quick) quick = kept;
    if (quick >= t) {
        e = tt_store(s, k1, k2, e, slot, tcap);
        if (e && quick > e_lb(e)) set_lb(e, quick);
        return quick;
    }
    if (t == 1 && (defence_must_spend(s) || claimer_lead_spends(s))) {
        e = tt_store(s, k1, k2, e, slot, tcap);
        if (e && e_lb(e) < 1) set_lb(e, 1);
        return 1;
    }
    int swept = t == 1 ? sweep_elsewhere(s, k1, k2) : -1;
    if (swept >= 0) {
        e = tt_store(s, k1, k2, e, slot, tcap);
        if (e) {
            if (swept && e_lb(e) < 1) set_lb(e, 1);
            if (!swept) set_ub(e, 0);
        }
        return swept;
    }
    if (++s->nodes > s->limit) { s->spent = 1; return t; }
    int v = play_trick(s, t);
    if (s->spent) return v;
    e = tt_store(s, k1, k2, e, slot, tcap);
    if (e) {
        if (quick > e_lb(e)) set_lb(e, quick);
        if (v < t) {
            if (v < e_ub(e)) set_ub(e, v);
        } else if (v > e_lb(e)) {
            set_lb(e, v);
        }
    }
    return v;
}

/* A completed trick, closed so that the search goes on from the next lead, and what
 * reopening it restores. */
typedef struct {
    int leader, block, duck;
    int tseat[4];
    u64 tcard[4];
    int wi[4];
} Closed;

/* Close the four-card trick: its winner leads next; returns 1 when the side won it. */
static inline int close_trick(S *s, Closed *saved) {
    int w = s->tseat[winning(s)];
    int won = SIDE(w) == s->side;
    saved->leader = s->leader;
    saved->block = s->block;
    saved->duck = s->duck;
    memcpy(saved->tseat, s->tseat, sizeof saved->tseat);
    memcpy(saved->tcard, s->tcard, sizeof saved->tcard);
    memcpy(saved->wi, s->wi, sizeof saved->wi);
    s->leader = w;
    s->block = won ? s->block : -1;
    s->duck &= ~(1 << suit_of(s->tcard[0])); /* a trick of the ducked suit played: the duck is done */
    s->n = 0;
    s->left--;
    s->lv &= ~(s->tcard[0] | s->tcard[1] | s->tcard[2] | s->tcard[3]);
    return won;
}

static inline void reopen_trick(S *s, const Closed *saved) {
    s->leader = saved->leader;
    s->block = saved->block;
    s->duck = saved->duck;
    s->n = 4;
    memcpy(s->tseat, saved->tseat, sizeof s->tseat);
    memcpy(s->tcard, saved->tcard, sizeof s->tcard);
    memcpy(s->wi, saved->wi, sizeof s->wi);
    s->left++;
    s->lv |= s->tcard[0] | s->tcard[1] | s->tcard[2] | s->tcard[3];
}

/* Play card c from seat to the trick (a lead by the claimer's side starts or goes on
 * with its block); returns the block before it, for take_back. */
static inline int put(S *s, int seat, u64 c) {
    int sb = s->block;
    if (s->n == 0 && SIDE(seat) == s->side) s->block = side_has_winner(s, suit_of(c)) ? suit_of(c) : -1;
    s->h[seat] &= ~c;
    s->tseat[s->n] = seat;
    s->tcard[s->n] = c;
    s->wi[s->n] = s->n && !beats(s, c, s->tcard[s->wi[s->n - 1]]) ? s->wi[s->n - 1] : s->n;
    s->n++;
    return sb;
}

static inline void take_back(S *s, int seat, u64 c, int block) {
    s->n--;
    s->h[seat] |= c;
    s->block = block;
}

/* The trick in progress is the claimer's side's whatever is still played to it: one of
 * its cards is winning and no defence hand still to play can beat it (following with a
 * higher card of the suit led, or void there with a trump that beats it). */
static int trick_is_ours(const S *s) {
    int wi = winning(s);
    if (SIDE(s->tseat[wi]) != s->side) return 0;
    u64 best = s->tcard[wi];
    int led = suit_of(s->tcard[0]), bs = suit_of(best);
    u64 tm = s->trump >= 0 ? SM(s->trump) : 0;
    for (int i = s->n; i < 4; i++) {
        int seat = (s->leader + i) & 3;
        if (SIDE(seat) == s->side) continue;
        u64 hand = s->h[seat], follow = hand & SM(led);
        if (follow) {
            if (bs == led && (follow & above(best))) return 0;
        } else if (hand & tm) {
            if (bs != s->trump || (hand & tm & above(best))) return 0;
        }
    }
    return 1;
}

/* Play the trick in progress out: the value of the first line below t found, or the
 * least lower bound over the cards tried. */
static int play_trick(S *s, int t) {
    if (s->n == 4) {
        Closed saved;
        int won = close_trick(s, &saved);
        int v = won + below(s, t - won);
        reopen_trick(s, &saved);
        return v;
    }
    /* asked whether the claimer's side wins one more trick, and it wins this one: the
     * rest of the trick cannot change the answer (every way to end it gives 1) */
    if (t == 1 && s->n && trick_is_ours(s)) return 1;
    int seat = (s->leader + s->n) & 3;
    u64 cards[13];
    int n = moves(s, seat, cards);
    int floor = NONE;
    for (int i = 0; i < n; i++) {
        u64 c = cards[i];
        int sb = put(s, seat, c);
        int v = play_trick(s, t);
        take_back(s, seat, c, sb);
        if (s->spent) return t;
        if (v < t) return v;
        if (v < floor) floor = v;
    }
    return floor;
}

/* ------------------------------------------------------------------ the line */
/* From a position whose worst value is v (exact), append the cards of one line that
 * achieves it to line[]; returns the count appended or -1. */
static int line_from(S *s, int v, u64 *line, int *seats, int at) {
    if (s->n == 4) {
        Closed saved;
        int won = close_trick(s, &saved);
        int rest = v - won;
        int ok = 0;
        if (!(s->h[0] | s->h[1] | s->h[2] | s->h[3])) {
            ok = rest == 0 ? at : -1;
        } else if (rest >= 0 && below(s, rest + 1) <= rest) {
            ok = line_from(s, rest, line, seats, at);
        } else {
            ok = -1;
        }
        reopen_trick(s, &saved);
        return ok;
    }
    int seat = (s->leader + s->n) & 3;
    u64 cards[13];
    int n = moves(s, seat, cards);
    for (int i = 0; i < n; i++) {
        u64 c = cards[i];
        int sb = put(s, seat, c);
        line[at] = c;
        seats[at] = seat;
        int r = line_from(s, v, line, seats, at + 1);
        take_back(s, seat, c, sb);
        if (r >= 0) {
            /* keep the played cards in the state for the caller: redo the move */
            return r;
        }
        if (s->spent) return -1;
    }
    return -1;
}

/* The root may be in the middle of a trick: no table entry for it. */
static int root_below(S *s, int t) {
    if (s->n == 0) return below(s, t);
    return play_trick(s, t);
}

/* ------------------------------------------------------------------ the probes */
/* What one search found: the bracket proven, the line, the effort. */
typedef struct {
    int lower, upper, nline, finished;
    long nodes;
    u64 line[52];
    int seats[52];
} Found;

/* Probe until the bracket closes (see the top of the file), then read a line of the
 * worst value off the table. The state is the same afterwards (the search puts every
 * card back); the table keeps what it proved. */
static void run(S *s, int claimed, int ceiling, int remaining, Found *f) {
    s->nodes = 0;
    s->spent = 0;
    int lower = 0, upper = NONE, nline = -1;
    int t = claimed < 0 ? 0 : (claimed > ceiling + 1 ? ceiling + 1 : claimed);
    if (remaining == 0) {
        upper = 0;
    } else {
        for (;;) {
            int r = root_below(s, t);
            if (s->spent) break;
            if (r < t) upper = r;
            else if (r > lower) lower = r;
            if (upper != NONE && upper <= lower) break;
            if (upper != NONE) {
                /* halve the bracket: probing just below the line found (t = upper) makes
                 * every probe a search for a slightly lower line, and such a search proves
                 * most of the tree at a high threshold before it finds one */
                t = (lower + upper + 1) / 2;
            } else {
                if (lower > ceiling) ceiling = remaining; /* the ceiling given was not one */
                t = lower >= ceiling ? ceiling + 1 : lower + 1;
            }
        }
    }
    if (!s->spent && upper != NONE && remaining > 0) {
        S copy = *s; /* the line search moves cards: work on a copy of the state, sharing the table */
        copy.limit = s->nodes + s->limit;
        nline = line_from(&copy, upper, f->line, f->seats, 0);
        s->tt = copy.tt; /* the table may have grown */
        s->cap = copy.cap;
        s->used = copy.used;
        s->oom |= copy.oom;
        s->nodes = copy.nodes;
    } else if (upper != NONE) {
        nline = 0;
    }
    f->lower = lower;
    f->upper = upper;
    f->nline = nline;
    f->nodes = s->nodes;
    f->finished = !s->spent;
}

/* ------------------------------------------------------------------ two builds */
/* Most of the search's time goes to counting and finding bits. Compiled for any x86-64,
 * a bit count is a dozen instructions; where the processor has popcnt, bmi, bmi2 and
 * lzcnt (Intel since Haswell, AMD since Excavator), one. _worst_fast.c compiles this file a
 * second time for those processors, without the Python glue below, and the module picks
 * that copy at import where the processor has them: the same code, so the same results,
 * a fifth less time. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define HAVE_FAST 1
void worst_fast_init(int pext);
void worst_run_fast(S *s, int claimed, int ceiling, int remaining, Found *f);
#endif

#ifdef WORST_FAST
void worst_fast_init(int pext) {
#ifdef HAVE_PEXT
    use_pext = pext;
    if (use_pext) fill_trump_table();
#else
    (void)pext;
#endif
}

void worst_run_fast(S *s, int claimed, int ceiling, int remaining, Found *f) { run(s, claimed, ceiling, remaining, f); }
#else
/* ------------------------------------------------------------------ Python */
static int use_fast; /* the copy built for popcnt, bmi, bmi2 and lzcnt (module init decides) */

static u64 to16(u64 m52) {
    u64 out = 0;
    for (int suit = 0; suit < 4; suit++) out |= ((m52 >> (13 * suit)) & 0x1FFF) << (16 * suit);
    return out;
}

static int to_index(u64 bit) { int i = __builtin_ctzll(bit); return (i >> 4) * 13 + (i & 15); }

/* the search, in the copy the processor runs fastest (portable: the copy for any x86-64) */
static void run_best(S *s, int claimed, int ceiling, int remaining, Found *f, int portable) {
#ifdef HAVE_FAST
    if (use_fast && !portable) {
        worst_run_fast(s, claimed, ceiling, remaining, f);
        return;
    }
#endif
    (void)portable;
    run(s, claimed, ceiling, remaining, f);
}

static PyObject *found_tuple(const Found *f) {
    PyObject *pl = PyList_New(0);
    if (!pl) return NULL;
    for (int i = 0; i < f->nline; i++) {
        PyObject *item = Py_BuildValue("(ii)", f->seats[i], to_index(f->line[i]));
        if (!item || PyList_Append(pl, item) < 0) { Py_XDECREF(item); Py_DECREF(pl); return NULL; }
        Py_DECREF(item);
    }
    return Py_BuildValue("(iiNlO)", f->lower, f->upper == NONE ? -1 : f->upper, pl, f->nodes,
                         f->finished ? Py_True : Py_False);
}

static PyObject *search(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *names[] = {"hands", "trump", "leader", "side", "trick", "block", "trumps_first", "order",
                            "claimed", "ceiling", "limit", "any_legal", "drawn_too", "top", "finesse",
                            "duck", "cross_ruff", "portable", NULL};
    PyObject *hands, *trick, *order;
    int trump, leader, side, block, trumps_first, claimed, ceiling, any_legal, drawn_too = 0;
    int top = 0, finesse = 0, duck = 0, cross_ruff = 0, portable = 0;
    long limit;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OiiiOipOiilp|iiiipp", names, &hands, &trump, &leader, &side,
                                     &trick, &block, &trumps_first, &order, &claimed, &ceiling, &limit,
                                     &any_legal, &drawn_too, &top, &finesse, &duck, &cross_ruff, &portable))
        return NULL;
    S st;
    memset(&st, 0, sizeof st);
    S *s = &st;
    PyObject *hs = PySequence_Fast(hands, "hands must be a sequence");
    if (!hs) return NULL;
    if (PySequence_Fast_GET_SIZE(hs) != 4) { Py_DECREF(hs); PyErr_SetString(PyExc_ValueError, "four hands"); return NULL; }
    for (int i = 0; i < 4; i++) {
        unsigned long long m = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(hs, i));
        if (PyErr_Occurred()) { Py_DECREF(hs); return NULL; }
        s->h[i] = to16(m);
    }
    Py_DECREF(hs);
    s->trump = trump;
    s->leader = leader & 3;
    s->side = side & 1;
    s->block = block;
    s->trumps_first = trumps_first;
    s->top = top & 15;
    s->finesse = finesse & 15;
    s->duck = duck & 15;
    if (s->duck & (s->duck - 1)) { PyErr_SetString(PyExc_ValueError, "at most one ducked suit"); return NULL; }
    s->cross_ruff = cross_ruff;
    s->any_legal = any_legal;
    s->limit = limit;
    PyObject *os = PySequence_Fast(order, "order must be a sequence");
    if (!os) return NULL;
    s->norder = (int)PySequence_Fast_GET_SIZE(os);
    if (s->norder > 4) s->norder = 4;
    for (int i = 0; i < s->norder; i++) s->order[i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(os, i));
    Py_DECREF(os);
    PyObject *ts = PySequence_Fast(trick, "trick must be a sequence");
    if (!ts) return NULL;
    s->n = (int)PySequence_Fast_GET_SIZE(ts);
    if (s->n > 3) { Py_DECREF(ts); PyErr_SetString(PyExc_ValueError, "a trick in progress has at most 3 cards"); return NULL; }
    for (int i = 0; i < s->n; i++) {
        long idx = PyLong_AsLong(PySequence_Fast_GET_ITEM(ts, i));
        s->tseat[i] = (s->leader + i) & 3;
        s->tcard[i] = (u64)1 << ((idx / 13) * 16 + idx % 13);
    }
    Py_DECREF(ts);
    if (PyErr_Occurred()) return NULL;
    int cards = 0;
    for (int i = 0; i < 4; i++) cards += pop64(s->h[i]);
    int remaining = (cards + s->n) / 4;
    s->left = remaining;
    s->lv = s->h[0] | s->h[1] | s->h[2] | s->h[3];
    for (int i = 0; i < s->n; i++) {
        s->lv |= s->tcard[i];
        s->wi[i] = i && !beats(s, s->tcard[i], s->tcard[s->wi[i - 1]]) ? s->wi[i - 1] : i;
    }
    if (ceiling < 0 || ceiling > remaining) ceiling = remaining;
    Found *found = calloc(2, sizeof(Found));
    if (!found || !tt_init(s, 1 << 18)) { free(found); return PyErr_NoMemory(); }
    int drawn = 0;
    Py_BEGIN_ALLOW_THREADS
    run_best(s, claimed, ceiling, remaining, &found[0], portable);
    /* the same position with trumps drawn first, on the same table; with drawn_too 2, only
     * when the plain search found a line short of the claim (70C matters only then) */
    drawn = drawn_too == 1 || (drawn_too == 2 && found[0].finished && found[0].upper != NONE &&
                                   found[0].upper < claimed);
    if (drawn && !s->oom) {
        s->trumps_first = 1;
        run_best(s, claimed, ceiling, remaining, &found[1], portable);
    }
    Py_END_ALLOW_THREADS
    tt_free(s->tt, s->cap);
    PyObject *out = NULL;
    if (s->oom) {
        PyErr_NoMemory();
    } else if (drawn_too) {
        PyObject *a = found_tuple(&found[0]), *b = NULL;
        if (a) {
            if (drawn) b = found_tuple(&found[1]);
            else { b = Py_None; Py_INCREF(b); }
        }
        if (a && b) out = PyTuple_Pack(2, a, b);
        Py_XDECREF(a);
        Py_XDECREF(b);
    } else {
        out = found_tuple(&found[0]);
    }
    free(found);
    return out;
}

static PyMethodDef methods[] = {
    {"search", (PyCFunction)(void (*)(void))search, METH_VARARGS | METH_KEYWORDS,
     "search(hands, trump, leader, side, trick, block, trumps_first, order, claimed, ceiling, limit, any_legal,"
     " drawn_too=False, top=0, finesse=0, duck=0, cross_ruff=False, portable=False) -> (lower, upper, line, nodes, finished), or with"
     " drawn_too a pair of them: the same position searched again with trumps drawn first, on the same table. portable: the"
     " copy built for any x86-64, not the one for the processor's bit instructions (the same results)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_worst", "The worst normal line search.", -1, methods};

PyMODINIT_FUNC PyInit__worst(void) {
#ifdef HAVE_PEXT
    __builtin_cpu_init();
    /* the first two Zen generations run pext in microcode: the plain loop is faster there */
    use_pext = __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt") && !__builtin_cpu_is("znver1") &&
               !__builtin_cpu_is("znver2");
    if (use_pext) fill_trump_table();
#endif
#ifdef HAVE_FAST
    use_fast = __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
               __builtin_cpu_supports("lzcnt");
    if (use_fast) worst_fast_init(use_pext);
#endif
    return PyModule_Create(&module);
}
#endif /* WORST_FAST */
