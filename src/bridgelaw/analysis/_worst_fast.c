/* The claim checker's search (_worst.c) compiled a second time, for x86-64 processors
 * with popcnt, bmi, bmi2 and lzcnt: a bit count or a bit scan is one instruction there
 * instead of a dozen. Only the search is compiled here (no Python glue); _worst.c's
 * module init picks this copy where the processor has those instructions. The same
 * source, so the same results. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#pragma GCC target("popcnt,bmi,bmi2,lzcnt")
#define WORST_FAST 1
#include "_worst.c"
#else
typedef int worst_fast_unused; /* ISO C forbids an empty translation unit */
#endif
