import Foundation
import HTTPClient
import TMDBAPI

#if canImport(Glibc)
    import Glibc
#endif

/// Whether the image base URL `/configuration` gives may be fetched from: posters are downloaded from wherever the
/// API says, so a hostile or broken answer must not point the run at another protocol or at a machine's own
/// link-local services (cloud metadata lives at 169.254.169.254). Lists and catalogues make their image CDN's client
/// here, with the same checks.
enum ImageBaseURL {
    /// Why `url` is not a usable image base URL, or nil when it is: the scheme must be `http` or `https`, and the
    /// host must be present and not a link-local (169.254.0.0/16, fe80::/10) or unspecified (0.0.0.0/8, `::`)
    /// address, in any of the forms a resolver accepts (`0xa9.0xfe.0xa9.0xfe`, `2852039166`, `[::ffff:…]`).
    static func problem(with url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "expected an http or https URL"
        }
        guard var host = url.host, !host.isEmpty else { return "expected a host name" }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if let zone = host.firstIndex(of: "%") { host = String(host[..<zone]) }
        if let ipv4 = Self.ipv4(host) {
            return Self.problem(ipv4: ipv4)
        }
        if let ipv6 = Self.ipv6(host) {
            if ipv6.allSatisfy({ $0 == 0 }) { return "the unspecified address is not an image server" }
            if ipv6[0] == 0xFE, ipv6[1] & 0xC0 == 0x80 { return "a link-local address is not an image server" }
            // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address decides.
            if ipv6[0..<10].allSatisfy({ $0 == 0 }), ipv6[10] == 0xFF, ipv6[11] == 0xFF {
                return Self.problem(ipv4: ipv6[12...].reduce(0) { $0 << 8 | UInt32($1) })
            }
        }
        return nil
    }

    /// The image CDN's client for `/configuration`'s answer, once the poster size and the base URL are checked.
    /// - Throws: ``ExportError/invalidPosterSize(_:offered:)``; ``ExportError/setup(_:)`` for a base URL that is not
    ///   one, or not one to fetch from.
    static func client(
        from configuration: APIConfiguration, posters: Job.PosterSettings,
        make makeImageClient: @Sendable (URL) -> APIClient
    ) throws(ExportError) -> APIClient {
        guard configuration.images.posterSizes.contains(posters.size) else {
            throw .invalidPosterSize(posters.size, offered: configuration.images.posterSizes)
        }
        guard let base = configuration.imageBaseURL else {
            throw .setup(
                ClientError(
                    endpoint: TMDB.Configuration().logDescription,
                    reason: .decoding("images.secure_base_url: not a URL", bodyPrefix: "")))
        }
        // Checked once, here: every poster of the run is fetched from this base.
        if let problem = problem(with: base) {
            throw .setup(
                ClientError(
                    endpoint: TMDB.Configuration().logDescription,
                    reason: .unacceptableBody(
                        "the image base URL \(SafeText.quoted(base.absoluteString)) is not usable: \(problem)")))
        }
        return makeImageClient(base)
    }

    private static func problem(ipv4 address: UInt32) -> String? {
        if address >> 24 == 0 { return "the unspecified address is not an image server" }
        if address >> 16 == 0xA9FE { return "a link-local address is not an image server" }
        return nil
    }

    /// The address `inet_aton` reads from `host` (which also takes `2852039166` and `0xa9.0xfe.0xa9.0xfe`, as
    /// resolvers do), host byte order; nil when `host` is a name.
    private static func ipv4(_ host: String) -> UInt32? {
        var address = in_addr()
        guard inet_aton(host, &address) != 0 else { return nil }
        return UInt32(bigEndian: address.s_addr)
    }

    /// The 16 bytes of an IPv6 literal; nil when `host` is not one.
    private static func ipv6(_ host: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, host, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }
}
