@testable import Exporter
import HTTPClient
import Testing

@Suite("Choosing which setup failure to report")
struct ExporterSetupTests {
    let unauthorized = ClientError(
        endpoint: "genre/movie/list", reason: .httpStatus(401, message: "Invalid API key"))
    let notSent = ClientError(endpoint: "configuration", reason: .notSent)
    let serverError = ClientError(endpoint: "genre/tv/list", reason: .httpStatus(500, message: nil))

    @Test("reports the 401 that halted the limit, not the configuration request it left unsent")
    func skipsUnsent() {
        #expect(SetupProgress.reportedFailure([notSent, unauthorized, nil])?.endpoint == "genre/movie/list")
    }

    @Test("reports failures in request order otherwise, and nothing when all succeeded")
    func requestOrder() {
        #expect(SetupProgress.reportedFailure([nil, serverError, unauthorized])?.endpoint == "genre/tv/list")
        #expect(SetupProgress.reportedFailure([notSent])?.endpoint == "configuration")
        #expect(SetupProgress.reportedFailure([nil, nil, nil]) == nil)
    }
}
