#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// Non-zero when this CPU has the SHA extensions and SSE4.1 (and SSSE3), so `csha256_compress_blocks` may run.
int csha256_hardware_available(void);

/// Runs SHA-256's compression over `blocks` consecutive 64-byte blocks at `data` (any alignment), updating
/// `state`, the working hash a…h in that order. Call only when `csha256_hardware_available()`.
void csha256_compress_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
