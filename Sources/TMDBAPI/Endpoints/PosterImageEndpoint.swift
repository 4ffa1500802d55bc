import Foundation
import HTTPClient

extension TMDB {
    /// One image from TMDB's image CDN, e.g. `w342/kqjL17yufvn9OVLyXYpvtyrFfak.jpg` under the configured base URL.
    /// The response is the raw bytes, accepted only if the server says it is an image and the bytes start with
    /// a JPEG, PNG or WebP signature: an HTML error page served with 200 is never saved as a poster.
    public struct PosterImage: Endpoint {
        /// The raw image bytes.
        public typealias Response = Data

        /// The size, one of the configuration's `poster_sizes`, e.g. `w342`.
        public var size: String
        /// The file name as TMDB gives it in `poster_path`, with its leading slash.
        public var posterPath: String

        /// Creates the endpoint.
        public init(size: String, posterPath: String) {
            self.size = size
            self.posterPath = posterPath
        }

        /// `<size>/<file>` relative to the image base URL.
        public var path: String { size + "/" + posterPath.drop(while: { $0 == "/" }) }

        /// Returns the body if it is an image, or throws ``UnacceptableBody``.
        public func decodeResponse(_ response: HTTPResponse) throws -> Data {
            let contentType = response.header("Content-Type")?.lowercased() ?? ""
            guard contentType.hasPrefix("image/") else {
                throw UnacceptableBody("expected an image, got Content-Type \"\(contentType)\"")
            }
            guard ImageSignature.detect(response.body) != nil else {
                throw UnacceptableBody("body (\(response.body.count) bytes) is not a JPEG, PNG or WebP image")
            }
            return response.body
        }
    }
}
