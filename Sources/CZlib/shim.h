// zlib for Swift: the system's header (Debian: zlib1g-dev), plus functions for the init macros Swift cannot call.
#ifndef TMDB_EXPORT_CZLIB_SHIM_H
#define TMDB_EXPORT_CZLIB_SHIM_H

// Without the header, say what to install instead of only "'zlib.h' file not found". The whole shim sits under the
// check so that the #error is the one diagnostic, not the first of several about unknown zlib types.
#if __has_include(<zlib.h>)

#include <zlib.h>

/// inflateInit2 for a gzip stream only (16 + MAX_WBITS: a gzip header and trailer, the largest window).
static inline int tmdb_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 16 + MAX_WBITS);
}

/// deflateInit2 writing a gzip stream (header and trailer) at the given level.
static inline int tmdb_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}

#else
#error "zlib's development header (zlib.h) is missing: on Debian or Ubuntu, run sudo apt-get install zlib1g-dev"
#endif

#endif
