import TMDBSandbox

/// Starts a sandbox on an ephemeral port of 127.0.0.1 (unless `options` names a port), runs `body` with it, and stops
/// it afterwards, also when `body` throws, awaiting its threads without holding one of the pool's.
/// - Parameter onRequest: see ``SandboxServer/init(options:onRequest:)``: lets a test act when the server sees a
///   request, without polling.
public func withSandbox<T>(
    _ options: SandboxOptions = SandboxOptions(), onRequest: (@Sendable (SandboxRequestRecord) -> Void)? = nil,
    _ body: (SandboxServer) async throws -> T
) async throws -> T {
    let server = SandboxServer(options: options, onRequest: onRequest)
    try server.start()
    let result: T
    do {
        result = try await body(server)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
    return result
}
