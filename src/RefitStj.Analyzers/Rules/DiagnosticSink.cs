using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers;

/// <summary>
/// Where a rule reports about one creation or entry point: the callback that read it, or the compilation's end where its
/// serializer was written in another file. The rule reports the same either way.
/// </summary>
internal readonly struct DiagnosticSink
{
    private readonly Action<Diagnostic> _report;

    public DiagnosticSink(Action<Diagnostic> report, SemanticModel? model, CancellationToken cancellationToken)
    {
        _report = report;
        Model = model;
        CancellationToken = cancellationToken;
    }

    /// <summary>The semantic model of the callback's file, or <see langword="null"/> at the compilation's end.</summary>
    public SemanticModel? Model { get; }

    public CancellationToken CancellationToken { get; }

    /// <summary>How a message names <paramref name="type"/> at <paramref name="position"/>: as written there where the callback's model shows it, else without namespaces.</summary>
    public string Name(ITypeSymbol type, int position, SymbolDisplayFormat format) =>
        Model is { } model && model.SyntaxTree.Length >= position ? type.ToMinimalDisplayString(model, position, format) : type.ToDisplayString(format);

    public void ReportDiagnostic(Diagnostic diagnostic) => _report(diagnostic);
}
