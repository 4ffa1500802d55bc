// SHA-256's compression with the x86 SHA extensions (SHA-NI). Only this function is compiled for them (the
// `target` attribute), so the binary still runs on CPUs without them; the caller asks
// `csha256_hardware_available()` first and falls back to the Swift rounds.
#include "csha256.h"

#if defined(__x86_64__) || defined(__i386__)

#include <cpuid.h>
#include <immintrin.h>

int csha256_hardware_available(void) {
    // cpuid itself rather than __builtin_cpu_supports("sha"): that reads a feature word laid out by whichever of
    // libgcc or compiler-rt gets linked, and the two do not agree past the first 32 features.
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    int sse = (ecx & bit_SSSE3) && (ecx & bit_SSE4_1);
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return sse && (ebx & bit_SHA) != 0;
}

static const uint32_t k[64] __attribute__((aligned(16))) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

__attribute__((target("sha,sse4.1,ssse3")))
void csha256_compress_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    // sha256rnds2 wants the state as two vectors, (a, b, e, f) and (c, d, g, h), highest lane first. Lanes as
    // loaded are (d, c, b, a) and (h, g, f, e); reorder once here and back once at the end.
    __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
    // The message is big-endian: reverse the bytes of each 32-bit word.
    const __m128i byteSwap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);

    for (; blocks > 0; blocks--, data += 64) {
        __m128i savedABEF = abef, savedCDGH = cdgh;
        // w[i] holds message words 4i…4i+3 of the four groups in flight, reused modulo 4.
        __m128i w[4];
        for (int i = 0; i < 4; i++) {
            w[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * i)), byteSwap);
        }
#pragma clang loop unroll(full)
        for (int group = 0; group < 16; group++) {
            // Four rounds: two per sha256rnds2, which takes its two words of W+K from the low half. Each call
            // returns the new (a, b, e, f); the old one becomes (c, d, g, h).
            __m128i wk = _mm_add_epi32(w[group & 3], _mm_load_si128((const __m128i *)&k[4 * group]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0E));
            if (group < 12) {
                // Words 4(g+4)… of the schedule, W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]:
                // msg1 adds σ0 to W[t-16]; alignr picks W[t-7] out of the two latest groups; msg2 adds σ1,
                // feeding each new word into the next.
                __m128i latest = w[(group + 3) & 3];
                __m128i t7 = _mm_alignr_epi8(latest, w[(group + 2) & 3], 4);
                __m128i partial = _mm_add_epi32(_mm_sha256msg1_epu32(w[group & 3], w[(group + 1) & 3]), t7);
                w[group & 3] = _mm_sha256msg2_epu32(partial, latest);
            }
        }
        abef = _mm_add_epi32(abef, savedABEF);
        cdgh = _mm_add_epi32(cdgh, savedCDGH);
    }

    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

#else

// Elsewhere (ARM has SHA-256 instructions of its own, not written here) the Swift rounds do the work.
int csha256_hardware_available(void) { return 0; }

void csha256_compress_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    (void)state;
    (void)data;
    (void)blocks;
}

#endif
