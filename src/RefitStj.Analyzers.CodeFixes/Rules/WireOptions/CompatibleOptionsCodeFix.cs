using System.Collections.Immutable;
using System.Composition;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using RefitStj.Analyzers.CodeFixes.Edits;
using RefitStj.Analyzers.Core.FixData;
using RefitStj.Analyzers.Rules;

namespace RefitStj.Analyzers.CodeFixes.Rules.WireOptions;

/// <summary>
/// Fixes RSTJ002 by writing Refit's default options into the context's <c>[JsonSourceGenerationOptions]</c>: the missing
/// named arguments added (the user's own left as they are), or the attribute added; converters merged into <c>Converters</c>.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(CompatibleOptionsCodeFix))]
[Shared]
public sealed class CompatibleOptionsCodeFix : CodeFixProvider
{
    /// <summary>One key for every RSTJ002 fix, so that fix-all gathers them.</summary>
    internal const string EquivalenceKey = "RefitStj.CompatibleOptions";

    /// <inheritdoc/>
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Descriptors.Rstj002);

    /// <inheritdoc/>
    public override FixAllProvider GetFixAllProvider() => CompatibleOptionsFixAll.Instance;

    /// <inheritdoc/>
    public override Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (var diagnostic in context.Diagnostics)
        {
            if (OptionsEdit.Of(diagnostic) is not { } edit)
            {
                continue;
            }

            var title = $"Use Refit's default options in '{FixProperties.ContextOf(diagnostic)}'";
            context.RegisterCodeFix(
                CodeAction.Create(title, cancellationToken => OptionsAttributeWriter.ApplyAsync(context.Document.Project.Solution, [edit], cancellationToken), EquivalenceKey),
                diagnostic);
        }

        return Task.CompletedTask;
    }
}
