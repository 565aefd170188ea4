using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.Rules;

/// <summary>
/// Where a rule reports about one creation or entry point: the callback that read it, or the compilation's end where its
/// serializer was written in another file. The rule reports the same either way.
/// </summary>
internal readonly struct DiagnosticSink
{
    private readonly Action<Diagnostic> _report;

    public DiagnosticSink(Action<Diagnostic> report, CancellationToken cancellationToken)
    {
        _report = report;
        CancellationToken = cancellationToken;
    }

    public CancellationToken CancellationToken { get; }

    public void ReportDiagnostic(Diagnostic diagnostic) => _report(diagnostic);
}
