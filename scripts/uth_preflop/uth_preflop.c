/* Exact pre-flop values of Ultimate Texas Hold'em starting hands (offline tool; see README.md).
 *
 * Reads its inputs on stdin (written by generate.py from the engine's data):
 *   line 1: qualify[10]            1 if a dealer hand of category code k qualifies
 *   line 2..5: coef[p][outcome][k]  for p = 1..4: 50 ints, outcome-major (win_q, win_n, tie, lose_q, lose_n),
 *                                  TWICE the net of Ante + Blind + Play (Antes) for one dealer holding
 *   line 6: fold2                  TWICE the value of folding on the river
 *   line 7: R                      number of representative holdings, then R pairs of card indices
 *   line 8: S                      number of sample (holding, flop) pairs, then S x (rep number, 3 flop cards)
 * Arguments: [threads] [three flop card indices: only the boards holding that flop (a check)].
 * Card index = 4 * (rank - 2) + suit, as in the engine (rank index 0 = deuce, 12 = ace).
 *
 * For every 5-card board (2,598,960) it ranks all 1,081 holdings once, counts for each holding the
 * dealer holdings it beats / ties / loses to (disjoint from it, by inclusion-exclusion on its two
 * cards) split by whether the dealer qualifies, and adds, for each representative holding:
 *   - the 4x and 3x values (no decision left after a pre-flop raise),
 *   - for each of the ten flops inside the board: the 2x value and the best river value (max of 1x
 *     and fold) -- the flop value is the max of those two sums, taken after all boards.
 * Output (stdout), all sums are integers (twice the net, summed over every deal):
 *   rep a b boards sum4x sum3x sumcheck flops sum2x   (sum2x: 2x over every flop, a consistency check)
 *   sample k bet check turnrivers
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXREP 1326
#define NFLOP 22100

static int qualify[10];
static int64_t coef[5][5][10]; /* [play][outcome][code] */
static int64_t fold2;
static int nrep;
static int rep_a[MAXREP], rep_b[MAXREP];
static int rep_of[52][52]; /* holding (a<b) -> rep number or -1 */
static int nsample;
static int sample_rep[64], sample_flop[64];
static int choose[53][6];

typedef struct {
    int64_t *bet;   /* [rep][flop] */
    int64_t *check; /* [rep][flop] */
    int64_t *flopn; /* [rep][flop] turn-river count */
    int64_t s4[MAXREP], s3[MAXREP], boards[MAXREP];
} Acc;

static int next_c0;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static inline int top_bit(uint32_t m) { return 31 - __builtin_clz(m); }

static inline uint32_t keep_top(uint32_t m, int n) {
    while (__builtin_popcount(m) > n) m &= m - 1;
    return m;
}

static inline int straight_top(uint32_t ranks) {
    /* bit r = rank index r; the ace also plays low. Returns top rank index or -1. */
    uint32_t m = (ranks << 1) | ((ranks >> 12) & 1);
    uint32_t s = m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4);
    if (!s) return -1;
    return top_bit(s) + 3;
}

/* value = code << 26 | major ranks mask << 13 | kicker mask; higher is better. */
static inline uint32_t eval_masks(uint32_t s0, uint32_t s1, uint32_t s2, uint32_t s3) {
    uint32_t any = s0 | s1 | s2 | s3;
    uint32_t fl = 0;
    if (__builtin_popcount(s0) >= 5) fl = s0;
    else if (__builtin_popcount(s1) >= 5) fl = s1;
    else if (__builtin_popcount(s2) >= 5) fl = s2;
    else if (__builtin_popcount(s3) >= 5) fl = s3;
    if (fl) {
        int t = straight_top(fl);
        if (t >= 0) return (uint32_t)(t == 12 ? 9 : 8) << 26 | (uint32_t)t;
    }
    uint32_t quads = s0 & s1 & s2 & s3;
    uint32_t ge3 = (s0 & s1 & s2) | (s0 & s1 & s3) | (s0 & s2 & s3) | (s1 & s2 & s3);
    uint32_t ge2 = (s0 & s1) | (s0 & s2) | (s0 & s3) | (s1 & s2) | (s1 & s3) | (s2 & s3);
    if (quads) {
        uint32_t q = 1u << top_bit(quads);
        return 7u << 26 | q << 13 | (1u << top_bit(any & ~q));
    }
    uint32_t trips = ge3;
    uint32_t pairs = ge2 & ~ge3;
    if (trips) {
        uint32_t t = 1u << top_bit(trips);
        uint32_t rest = (trips & ~t) | pairs;
        if (rest) return 6u << 26 | t << 13 | (1u << top_bit(rest));
    }
    if (fl) return 5u << 26 | keep_top(fl, 5);
    int st = straight_top(any);
    if (st >= 0) return 4u << 26 | (uint32_t)st;
    if (trips) return 3u << 26 | trips << 13 | keep_top(any & ~trips, 2);
    if (__builtin_popcount(pairs) >= 2) {
        uint32_t two = keep_top(pairs, 2);
        return 2u << 26 | two << 13 | (1u << top_bit(any & ~two));
    }
    if (pairs) return 1u << 26 | pairs << 13 | keep_top(any & ~pairs, 3);
    return keep_top(any, 5);
}

static inline int flop_index(int a, int b, int c) { return choose[a][1] + choose[b][2] + choose[c][3]; }

static const int SUB[10][3] = {{0,1,2},{0,1,3},{0,1,4},{0,2,3},{0,2,4},{0,3,4},{1,2,3},{1,2,4},{1,3,4},{2,3,4}};

static void do_board(const int *bd, Acc *acc) {
    uint32_t bs[4] = {0, 0, 0, 0};
    int used[52] = {0};
    for (int i = 0; i < 5; i++) { bs[bd[i] & 3] |= 1u << (bd[i] >> 2); used[bd[i]] = 1; }
    int left[47], nl = 0;
    for (int c = 0; c < 52; c++) if (!used[c]) left[nl++] = c;
    static __thread uint64_t key[1081], tmp[1081];
    static __thread int ha[1081], hb[1081];
    static __thread uint32_t hval[1081];
    int n = 0;
    for (int x = 0; x < nl; x++) {
        int a = left[x];
        for (int y = x + 1; y < nl; y++) {
            int b = left[y];
            uint32_t s[4] = {bs[0], bs[1], bs[2], bs[3]};
            s[a & 3] |= 1u << (a >> 2);
            s[b & 3] |= 1u << (b >> 2);
            uint32_t v = eval_masks(s[0], s[1], s[2], s[3]);
            ha[n] = a; hb[n] = b; hval[n] = v;
            key[n] = (uint64_t)v << 11 | (uint64_t)n;
            n++;
        }
    }
    /* LSD radix sort on the 30-bit value (3 passes of 10 bits). */
    for (int pass = 0; pass < 3; pass++) {
        int shift = 11 + 10 * pass;
        int cnt[1025];
        memset(cnt, 0, sizeof cnt);
        for (int i = 0; i < n; i++) cnt[((key[i] >> shift) & 1023) + 1]++;
        for (int i = 0; i < 1024; i++) cnt[i + 1] += cnt[i];
        for (int i = 0; i < n; i++) tmp[cnt[(key[i] >> shift) & 1023]++] = key[i];
        memcpy(key, tmp, sizeof(uint64_t) * n);
    }
    /* Sweep in order of strength. */
    static __thread int la[1081], lb[1081], lt[1081], ea[1081], eb[1081], gs[1081];
    int cntL[52] = {0}, cntE[52] = {0}, nqc[52] = {0};
    int ltot = 0, nqt = 0;
    int i = 0;
    while (i < n) {
        uint32_t v = (uint32_t)(key[i] >> 11);
        int j = i;
        while (j < n && (uint32_t)(key[j] >> 11) == v) j++;
        for (int k = i; k < j; k++) {
            int h = (int)(key[k] & 2047);
            la[h] = cntL[ha[h]]; lb[h] = cntL[hb[h]]; lt[h] = ltot;
            cntE[ha[h]]++; cntE[hb[h]]++;
        }
        for (int k = i; k < j; k++) {
            int h = (int)(key[k] & 2047);
            ea[h] = cntE[ha[h]]; eb[h] = cntE[hb[h]]; gs[h] = j - i;
        }
        int nq = !qualify[v >> 26];
        for (int k = i; k < j; k++) {
            int h = (int)(key[k] & 2047);
            cntE[ha[h]] = 0; cntE[hb[h]] = 0;
            cntL[ha[h]]++; cntL[hb[h]]++;
            if (nq) { nqc[ha[h]]++; nqc[hb[h]]++; nqt++; }
        }
        ltot += j - i;
        i = j;
    }
    int fl[10];
    for (int s = 0; s < 10; s++) fl[s] = flop_index(bd[SUB[s][0]], bd[SUB[s][1]], bd[SUB[s][2]]);
    for (int h = 0; h < n; h++) {
        int r = rep_of[ha[h]][hb[h]];
        if (r < 0) continue;
        int64_t less = lt[h] - la[h] - lb[h];
        int64_t eq = gs[h] - ea[h] - eb[h] + 1;
        int64_t total = (int64_t)(nl - 2) * (nl - 3) / 2;
        int64_t greater = total - less - eq;
        int code = (int)(hval[h] >> 26);
        int hq = qualify[code];
        int64_t nqd = nqt - nqc[ha[h]] - nqc[hb[h]] + (hq ? 0 : 1);
        int64_t o[5];
        if (hq) { o[0] = less - nqd; o[1] = nqd; o[2] = eq; o[3] = greater; o[4] = 0; }
        else { o[0] = 0; o[1] = less; o[2] = eq; o[4] = nqd - less - eq; o[3] = greater - o[4]; }
        int64_t val[5];
        for (int p = 1; p <= 4; p++) {
            int64_t t = 0;
            for (int k = 0; k < 5; k++) t += coef[p][k][code] * o[k];
            val[p] = t;
        }
        int64_t river = val[1] > fold2 * total ? val[1] : fold2 * total;
        acc->s4[r] += val[4];
        acc->s3[r] += val[3];
        acc->boards[r]++;
        int64_t *bet = acc->bet + (int64_t)r * NFLOP, *chk = acc->check + (int64_t)r * NFLOP,
                *fn = acc->flopn + (int64_t)r * NFLOP;
        for (int s = 0; s < 10; s++) { bet[fl[s]] += val[2]; chk[fl[s]] += river; fn[fl[s]]++; }
    }
}

static int only_flop[3] = {-1, -1, -1};

static int cmp_int(const void *x, const void *y) { return *(const int *)x - *(const int *)y; }

/* The small case: only the 1,176 boards that hold one flop. */
static void flop_boards(Acc *acc) {
    for (int t = 0; t < 52; t++)
        for (int r = t + 1; r < 52; r++) {
            if (t == only_flop[0] || t == only_flop[1] || t == only_flop[2] || r == only_flop[0] ||
                r == only_flop[1] || r == only_flop[2])
                continue;
            int bd[5] = {only_flop[0], only_flop[1], only_flop[2], t, r};
            qsort(bd, 5, sizeof(int), cmp_int);
            do_board(bd, acc);
        }
}

static void *worker(void *arg) {
    Acc *acc = (Acc *)arg;
    for (;;) {
        pthread_mutex_lock(&lock);
        int c0 = next_c0++;
        pthread_mutex_unlock(&lock);
        if (c0 > 47) break;
        int bd[5];
        bd[0] = c0;
        for (bd[1] = c0 + 1; bd[1] < 52; bd[1]++)
            for (bd[2] = bd[1] + 1; bd[2] < 52; bd[2]++)
                for (bd[3] = bd[2] + 1; bd[3] < 52; bd[3]++)
                    for (bd[4] = bd[3] + 1; bd[4] < 52; bd[4]++) do_board(bd, acc);
        fprintf(stderr, "first card %d done\n", c0);
    }
    return NULL;
}

static Acc *new_acc(void) {
    Acc *a = calloc(1, sizeof(Acc));
    a->bet = calloc((size_t)nrep * NFLOP, sizeof(int64_t));
    a->check = calloc((size_t)nrep * NFLOP, sizeof(int64_t));
    a->flopn = calloc((size_t)nrep * NFLOP, sizeof(int64_t));
    if (!a->bet || !a->check || !a->flopn) { fprintf(stderr, "out of memory\n"); exit(1); }
    return a;
}

static void read_ints(int64_t *out, int n) {
    for (int i = 0; i < n; i++)
        if (scanf("%lld", (long long *)&out[i]) != 1) { fprintf(stderr, "bad input\n"); exit(2); }
}

int main(int argc, char **argv) {
    int threads = argc > 1 ? atoi(argv[1]) : 1;
    if (argc > 4)
        for (int i = 0; i < 3; i++) only_flop[i] = atoi(argv[2 + i]);
    for (int n = 0; n <= 52; n++)
        for (int k = 0; k <= 5; k++) {
            int64_t c = 1;
            if (k > n) c = 0;
            else for (int i = 0; i < k; i++) c = c * (n - i) / (i + 1);
            choose[n][k] = (int)c;
        }
    int64_t tmp[64];
    read_ints(tmp, 10);
    for (int k = 0; k < 10; k++) qualify[k] = (int)tmp[k];
    for (int p = 1; p <= 4; p++) {
        int64_t row[50];
        read_ints(row, 50);
        for (int o = 0; o < 5; o++)
            for (int k = 0; k < 10; k++) coef[p][o][k] = row[o * 10 + k];
    }
    read_ints(&fold2, 1);
    int64_t v;
    read_ints(&v, 1);
    nrep = (int)v;
    memset(rep_of, -1, sizeof rep_of);
    for (int r = 0; r < nrep; r++) {
        int64_t ab[2];
        read_ints(ab, 2);
        rep_a[r] = (int)(ab[0] < ab[1] ? ab[0] : ab[1]);
        rep_b[r] = (int)(ab[0] < ab[1] ? ab[1] : ab[0]);
        rep_of[rep_a[r]][rep_b[r]] = r;
    }
    read_ints(&v, 1);
    nsample = (int)v;
    for (int s = 0; s < nsample; s++) {
        int64_t row[4];
        read_ints(row, 4);
        int f[3] = {(int)row[1], (int)row[2], (int)row[3]};
        /* sort the three flop cards */
        for (int x = 0; x < 3; x++)
            for (int y = x + 1; y < 3; y++)
                if (f[y] < f[x]) { int t = f[x]; f[x] = f[y]; f[y] = t; }
        sample_rep[s] = (int)row[0];
        sample_flop[s] = flop_index(f[0], f[1], f[2]);
    }
    if (threads < 1) threads = 1;
    Acc **accs = malloc(sizeof(Acc *) * threads);
    pthread_t *tids = malloc(sizeof(pthread_t) * threads);
    for (int t = 0; t < threads; t++) accs[t] = new_acc();
    if (only_flop[0] >= 0) {
        flop_boards(accs[0]);
    } else {
        for (int t = 0; t < threads; t++) pthread_create(&tids[t], NULL, worker, accs[t]);
        for (int t = 0; t < threads; t++) pthread_join(tids[t], NULL);
    }
    Acc *all = accs[0];
    for (int t = 1; t < threads; t++) {
        for (int64_t i = 0; i < (int64_t)nrep * NFLOP; i++) {
            all->bet[i] += accs[t]->bet[i];
            all->check[i] += accs[t]->check[i];
            all->flopn[i] += accs[t]->flopn[i];
        }
        for (int r = 0; r < nrep; r++) {
            all->s4[r] += accs[t]->s4[r];
            all->s3[r] += accs[t]->s3[r];
            all->boards[r] += accs[t]->boards[r];
        }
    }
    for (int r = 0; r < nrep; r++) {
        int64_t check = 0, flops = 0, bets = 0;
        for (int f = 0; f < NFLOP; f++) {
            int64_t i = (int64_t)r * NFLOP + f;
            if (!all->flopn[i]) continue;
            check += all->bet[i] > all->check[i] ? all->bet[i] : all->check[i];
            bets += all->bet[i];
            flops++;
        }
        printf("rep %d %d %lld %lld %lld %lld %lld %lld\n", rep_a[r], rep_b[r], (long long)all->boards[r],
               (long long)all->s4[r], (long long)all->s3[r], (long long)check, (long long)flops, (long long)bets);
    }
    for (int s = 0; s < nsample; s++) {
        int64_t i = (int64_t)sample_rep[s] * NFLOP + sample_flop[s];
        printf("sample %d %lld %lld %lld\n", s, (long long)all->bet[i], (long long)all->check[i],
               (long long)all->flopn[i]);
    }
    return 0;
}
