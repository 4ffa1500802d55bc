/// The languages an image may carry in TMDB's `iso_639_1`, for `include_image_language`: TMDB filters appended
/// `images` to the request's `language` unless that parameter lists more, and it has no value meaning "all", so
/// "every language" is spelled out here.
public enum ImageLanguages {
    /// `null` in `include_image_language` keeps the images without a language (most backdrops).
    public static let noLanguage = "null"

    /// Every ISO 639-1 code (184, as ISO lists them, the withdrawn `bh` included), then the four TMDB's
    /// `/configuration/languages` adds (`cn` Cantonese, `mo` Moldavian, `sh` Serbo-Croatian, `xx` no language), then
    /// `null`: 950 characters of query with its commas sent as `%2C` (a whole details URL with every append is 1,202
    /// bytes), far below the 8 KB URL common web servers take and the sandbox's 16 KB request head.
    public static let every: [String] = isoCodes + ["cn", "mo", "sh", "xx", noLanguage]

    /// The ISO 639-1 codes, alphabetical.
    public static let isoCodes: [String] = [
        "aa", "ab", "ae", "af", "ak", "am", "an", "ar", "as", "av", "ay", "az", "ba", "be", "bg", "bh", "bi", "bm",
        "bn", "bo", "br", "bs", "ca", "ce", "ch", "co", "cr", "cs", "cu", "cv", "cy", "da", "de", "dv", "dz", "ee",
        "el", "en", "eo", "es", "et", "eu", "fa", "ff", "fi", "fj", "fo", "fr", "fy", "ga", "gd", "gl", "gn", "gu",
        "gv", "ha", "he", "hi", "ho", "hr", "ht", "hu", "hy", "hz", "ia", "id", "ie", "ig", "ii", "ik", "io", "is",
        "it", "iu", "ja", "jv", "ka", "kg", "ki", "kj", "kk", "kl", "km", "kn", "ko", "kr", "ks", "ku", "kv", "kw",
        "ky", "la", "lb", "lg", "li", "ln", "lo", "lt", "lu", "lv", "mg", "mh", "mi", "mk", "ml", "mn", "mr", "ms",
        "mt", "my", "na", "nb", "nd", "ne", "ng", "nl", "nn", "no", "nr", "nv", "ny", "oc", "oj", "om", "or", "os",
        "pa", "pi", "pl", "ps", "pt", "qu", "rm", "rn", "ro", "ru", "rw", "sa", "sc", "sd", "se", "sg", "si", "sk",
        "sl", "sm", "sn", "so", "sq", "sr", "ss", "st", "su", "sv", "sw", "ta", "te", "tg", "th", "ti", "tk", "tl",
        "tn", "to", "tr", "ts", "tt", "tw", "ty", "ug", "uk", "ur", "uz", "ve", "vi", "vo", "wa", "wo", "xh", "yi",
        "yo", "za", "zh", "zu",
    ]
}
