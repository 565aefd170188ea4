using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;

namespace RefitStj.Analyzers.CodeFixes.FixAll;

/// <summary>The diagnostics a fix-all covers, for the fix-alls that make one edit per context rather than one per diagnostic.</summary>
internal static class FixAllDiagnostics
{
    /// <summary>Every diagnostic of the fix-all's ID in its scope, or <see langword="null"/> for a scope it does not support.</summary>
    public static async Task<List<Diagnostic>?> InScopeAsync(FixAllContext fixAllContext)
    {
        var diagnostics = new List<Diagnostic>();
        switch (fixAllContext.Scope)
        {
            case FixAllScope.Document when fixAllContext.Document is { } document:
                diagnostics.AddRange(await fixAllContext.GetDocumentDiagnosticsAsync(document).ConfigureAwait(false));
                break;
            case FixAllScope.Project:
                diagnostics.AddRange(await fixAllContext.GetAllDiagnosticsAsync(fixAllContext.Project).ConfigureAwait(false));
                break;
            case FixAllScope.Solution:
                foreach (var project in fixAllContext.Solution.Projects)
                {
                    diagnostics.AddRange(await fixAllContext.GetAllDiagnosticsAsync(project).ConfigureAwait(false));
                }

                break;
            default:
                return null;
        }

        return diagnostics;
    }
}
