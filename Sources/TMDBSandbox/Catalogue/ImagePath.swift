/// TMDB-like image file names derived from a movie id, and the hostile ones of ``SandboxOptions/unsafePosterPaths``.
enum ImagePath {
    /// `/` + 27 base62 characters + `.jpg`, a pure function of the id and the kind of image.
    static func derived(id: Int, salt: UInt64) -> String {
        var generator = SplitMix64(seed: UInt64(id) &* 0x2545_F491_4F6C_DD1D ^ salt)
        var name: [UInt8] = [UInt8(ascii: "/")]
        name.reserveCapacity(32)
        for _ in 0..<27 {
            name.append(alphabet[Int(generator.next() % 62)])
        }
        name += ".jpg".utf8
        return String(decoding: name, as: UTF8.self)
    }

    /// Salt for poster paths.
    static let posterSalt: UInt64 = 0x504F_5354_4552
    /// Salt for backdrop paths.
    static let backdropSalt: UInt64 = 0x4241_434B_4452_4F50

    /// Poster paths that a careful exporter must refuse to turn into file names.
    static let hostile: [String] = ["/../../etc/passwd.jpg", "/a/b.jpg", "/..jpg", "/x.exe", "", "poster.jpg"]

    private static let alphabet: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
}
