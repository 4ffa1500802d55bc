import CCurl
import Foundation
import Gzip

#if canImport(Glibc)
    import Glibc
#endif

/// One attempt on one libcurl easy handle: its options, what its callbacks receive, and its outcome.
///
/// Used only on the event loop's thread. libcurl calls the header and body callbacks from inside
/// `curl_multi_perform` on that thread, with this object as their context; returning 0 from one stops the transfer
/// at once, which is how the caps are enforced as bytes arrive.
final class CurlTransfer {
    let ticket: TransferTicket
    let easy: UnsafeMutableRawPointer
    private let limits: CurlTransport.Limits
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var head = ResponseHead()
    private var headChecked = false
    private var decodesGzip = false
    private var inflater: GzipInflater?
    private var body = Data()
    /// Body bytes kept so far, decoded, in memory or in the file.
    private var keptBytes = 0
    /// The open ``HTTPRequest/bodyFile`` a 2xx body is written to, or -1.
    private var file: Int32 = -1
    /// Why a callback stopped the transfer; it wins over the `CURLE_WRITE_ERROR` libcurl then reports.
    private var refusal: TransportError?

    /// - Parameter easy: a fresh or reset easy handle, owned by the transfer until ``finish(_:)``.
    init(ticket: TransferTicket, easy: UnsafeMutableRawPointer, limits: CurlTransport.Limits) {
        self.ticket = ticket
        self.easy = easy
        self.limits = limits
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        closeFile()
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    private var request: HTTPRequest { ticket.request }

    /// Sets every option for the request. The transfer must stay alive while libcurl holds the handle: libcurl
    /// keeps a pointer to it for the callbacks.
    /// - Returns: the first option libcurl refused, or `CURLE_OK`.
    func configure() -> CURLcode {
        let context = Unmanaged.passUnretained(self).toOpaque()
        for name in request.headers.keys.sorted() {
            headerList = curl_slist_append(headerList, "\(name): \(request.headers[name] ?? "")")
        }
        // Compressed answers are asked for and decoded here, within the cap; libcurl is never told to decode
        // (CURLOPT_ACCEPT_ENCODING unset), as its decoding knows no cap.
        if !request.headers.keys.contains(where: { $0.lowercased() == "accept-encoding" }) {
            headerList = curl_slist_append(headerList, "Accept-Encoding: gzip")
        }
        let timeoutMilliseconds = max(1, Int(request.timeout.seconds * 1_000))
        var codes = [
            tmdb_curl_easy_setopt_pointer(easy, CURLOPT_URL, request.url.absoluteString),
            // Only the web: no file://, ftp:// or the other protocols libcurl speaks, not even after a redirect.
            tmdb_curl_easy_setopt_pointer(easy, CURLOPT_PROTOCOLS_STR, "http,https"),
            tmdb_curl_easy_setopt_pointer(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
            // Redirects come back as answers; APIClient decides which to follow.
            tmdb_curl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0),
            tmdb_curl_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS)),
            // No signals from libcurl in a threaded process (its resolver timeouts would otherwise use SIGALRM).
            tmdb_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1),
            tmdb_curl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, timeoutMilliseconds),
            tmdb_curl_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, headerList),
            tmdb_curl_easy_setopt_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1),
            tmdb_curl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer),
            tmdb_curl_easy_setopt_pointer(easy, CURLOPT_PRIVATE, context),
            tmdb_curl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context),
            tmdb_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context),
            tmdb_curl_easy_setopt_callback(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
                guard let data, let context else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
                return transfer.receiveHeader(bytes) ? bytes.count : 0
            },
            tmdb_curl_easy_setopt_callback(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
                guard let data, let context else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
                return transfer.receiveBody(bytes) ? bytes.count : 0
            },
        ]
        if let lowSpeed = limits.lowSpeed {
            codes += [
                tmdb_curl_easy_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, lowSpeed.bytesPerSecond),
                tmdb_curl_easy_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, lowSpeed.wholeSeconds),
            ]
        }
        switch request.method {
        case .get: codes.append(tmdb_curl_easy_setopt_long(easy, CURLOPT_HTTPGET, 1))
        case .head: codes.append(tmdb_curl_easy_setopt_long(easy, CURLOPT_NOBODY, 1))
        case .post:
            codes += [
                tmdb_curl_easy_setopt_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, 0),
                tmdb_curl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, ""),
            ]
        case .delete: codes.append(tmdb_curl_easy_setopt_pointer(easy, CURLOPT_CUSTOMREQUEST, "DELETE"))
        }
        return codes.first { $0 != CURLE_OK } ?? CURLE_OK
    }

    /// One header line; false stops the transfer.
    private func receiveHeader(_ line: UnsafeRawBufferPointer) -> Bool {
        head.read(line: line)
        guard head.byteCount <= limits.maximumHeaderBytes else {
            return refuse(
                .responseTooLarge(limit: limits.maximumHeaderBytes),
                "the answer's headers are over the \(limits.maximumHeaderBytes)-byte limit")
        }
        if head.isComplete && !headChecked { return checkHead() }
        return true
    }

    /// Decides on the final head, before any of the body is read: a declared length over the cap, or an encoding
    /// the client did not ask for, stops the transfer here. A 2xx body for a ``HTTPRequest/bodyFile`` starts its
    /// file here, empty, so an empty body leaves an empty file.
    private func checkHead() -> Bool {
        headChecked = true
        let length = head.contentLength
        if request.method != .head, let bodyFile = request.bodyFile, (200..<300).contains(head.status) {
            file = open(bodyFile.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard file >= 0 else {
                return refuse(.other, "cannot write the body to \(bodyFile.path): \(String(cString: strerror(errno)))")
            }
        }
        if request.method != .head, let length, length > bodyLimit {
            return refuse(
                .responseTooLarge(limit: bodyLimit),
                "the answer announces \(length) bytes (Content-Length), over the \(bodyLimit)-byte "
                    + "limit; refused before reading the body")
        }
        switch head.fields["content-encoding"]?.lowercased() {
        case nil, "", "identity":
            if let length, request.method != .head, file < 0 { body.reserveCapacity(length) }
        case "gzip", "x-gzip":
            decodesGzip = true
        case let other?:
            return refuse(.undecodableBody, "the body's Content-Encoding \"\(other.prefix(40))\" was not asked for")
        }
        return true
    }

    /// The cap on the body, decoded: the body file's own when the body goes to one.
    private var bodyLimit: Int {
        if file >= 0, let bodyFile = request.bodyFile { return bodyFile.maximumBytes }
        return limits.maximumBodyBytes
    }

    /// Body bytes as they arrive, decoded and counted against the cap; false stops the transfer.
    private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if !headChecked, !checkHead() { return false }
        guard decodesGzip else { return keep(bytes) }
        do {
            if inflater == nil { inflater = try GzipInflater() }
            try inflater?.inflate(bytes) { piece in
                guard keep(piece) else { throw Refused() }
            }
            return true
        } catch let error as GzipInflater.Failure {
            switch error {
            case .tooLarge: return refuseTooLarge()
            case .corrupt(let detail): return refuse(.undecodableBody, "the gzip body is corrupt: \(detail)")
            case .checksumMismatch: return refuse(.undecodableBody, "the gzip body does not match its checksum")
            case .truncated: return refuse(.undecodableBody, "the gzip body is truncated")
            }
        } catch {
            // `keep` refused and said why.
            return false
        }
    }

    /// Thrown out of the inflater's closure when ``keep(_:)`` has refused the body.
    private struct Refused: Error {}

    /// Keeps decoded body bytes, in memory or in the body file, within the cap; false stops the transfer.
    private func keep(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard keptBytes + bytes.count <= bodyLimit else { return refuseTooLarge() }
        keptBytes += bytes.count
        guard let base = bytes.baseAddress else { return true }
        guard file >= 0 else {
            body.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            return true
        }
        var offset = 0
        while offset < bytes.count {
            let written = write(file, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let path = request.bodyFile?.path ?? ""
                return refuse(.other, "cannot write the body to \(path): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        return true
    }

    private func refuseTooLarge() -> Bool {
        let decoded = decodesGzip ? " once decoded" : ""
        return refuse(
            .responseTooLarge(limit: bodyLimit),
            "the body grew past the \(bodyLimit)-byte limit\(decoded); stopped as it arrived")
    }

    private func refuse(_ kind: TransportError.Kind, _ reason: String) -> Bool {
        refusal = TransportError(kind: kind, url: request.url, reason: reason)
        return false
    }

    /// The outcome once libcurl is done with the transfer (`code` from its done message).
    func outcome(_ code: CURLcode) -> Result<HTTPResponse, TransportError> {
        closeFile()
        if let refusal { return .failure(refusal) }
        guard code == CURLE_OK else {
            var received: curl_off_t = 0
            _ = tmdb_curl_easy_getinfo_offset(easy, CURLINFO_SIZE_DOWNLOAD_T, &received)
            return .failure(
                CurlFailure.transportError(
                    code, detail: String(cString: errorBuffer), request: request, limits: limits,
                    bytesReceived: Int(received)))
        }
        var status = 0
        _ = tmdb_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        if let inflater {
            do throws(GzipInflater.Failure) {
                try inflater.finish()
            } catch {
                return .failure(
                    TransportError(
                        kind: .connectionLost, url: request.url,
                        reason: "the gzip body ended before its end: the answer was cut short"))
            }
        }
        return .success(HTTPResponse(status: status, headers: head.fields, body: body))
    }

    private func closeFile() {
        guard file >= 0 else { return }
        close(file)
        file = -1
    }
}
