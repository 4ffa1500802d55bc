// libcurl for Swift: the system's headers (Debian: libcurl4-openssl-dev), plus one non-variadic wrapper per
// argument type for the variadic calls Swift cannot make (curl_easy_setopt, curl_easy_getinfo, curl_multi_setopt).
#ifndef TMDB_EXPORT_CCURL_SHIM_H
#define TMDB_EXPORT_CCURL_SHIM_H

// Without the headers, say what to install instead of only "'curl/curl.h' file not found". The whole shim sits under
// the check so that the #error is the one diagnostic, not the first of many about unknown curl types.
#if __has_include(<curl/curl.h>)

#include <curl/curl.h>

/// The signature of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*tmdb_curl_data_callback)(char *data, size_t size, size_t count, void *context);

/// curl_global_init(CURL_GLOBAL_ALL): the flags are a macro expression Swift does not import.
static inline CURLcode tmdb_curl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_ALL);
}

static inline CURLcode tmdb_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tmdb_curl_easy_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// For options taking a string (libcurl copies it) or an object pointer (CURLOPT_PRIVATE, CURLOPT_ERRORBUFFER,
/// CURLOPT_HTTPHEADER, the callbacks' data).
static inline CURLcode tmdb_curl_easy_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tmdb_curl_easy_setopt_callback(CURL *handle, CURLoption option, tmdb_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tmdb_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode tmdb_curl_easy_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// For CURLINFO_PRIVATE (the pointer given to CURLOPT_PRIVATE) and the string infos.
static inline CURLcode tmdb_curl_easy_getinfo_pointer(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode tmdb_curl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

#else
#error "libcurl's development headers (curl/curl.h) are missing: on Debian or Ubuntu, run sudo apt-get install libcurl4-openssl-dev"
#endif

#endif
