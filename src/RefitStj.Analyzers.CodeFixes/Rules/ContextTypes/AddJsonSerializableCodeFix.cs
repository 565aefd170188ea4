using System.Collections.Immutable;
using System.Composition;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using RefitStj.Analyzers.CodeFixes.Edits;
using RefitStj.Analyzers.Core.FixData;
using RefitStj.Analyzers.Rules;

namespace RefitStj.Analyzers.CodeFixes.Rules.ContextTypes;

/// <summary>Fixes RSTJ001 by declaring the missing type on the context: <c>[JsonSerializable(typeof(X))]</c> after its last one.</summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(AddJsonSerializableCodeFix))]
[Shared]
public sealed class AddJsonSerializableCodeFix : CodeFixProvider
{
    /// <summary>One key for every RSTJ001 fix, so that fix-all gathers them.</summary>
    internal const string EquivalenceKey = "RefitStj.AddJsonSerializable";

    /// <inheritdoc/>
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Descriptors.Rstj001);

    /// <inheritdoc/>
    public override FixAllProvider GetFixAllProvider() => AddJsonSerializableFixAll.Instance;

    /// <inheritdoc/>
    public override Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (var diagnostic in context.Diagnostics)
        {
            if (SseItemConverterFix.ActionFor(context.Document, diagnostic) is { } addConverter)
            {
                context.RegisterCodeFix(addConverter, diagnostic);
                continue;
            }

            if (ContextEdit.Of(diagnostic) is not { } edit)
            {
                continue;
            }

            var names = FixProperties.TypeNamesOf(diagnostic);
            var title = names.Count == 1
                ? $"Add [JsonSerializable(typeof({names[0]}))] to '{FixProperties.ContextOf(diagnostic)}'"
                : $"Add [JsonSerializable] for {string.Join(", ", names)} to '{FixProperties.ContextOf(diagnostic)}'";
            context.RegisterCodeFix(
                CodeAction.Create(title, cancellationToken => ContextAttributeWriter.AddAsync(context.Document.Project.Solution, [edit], cancellationToken), EquivalenceKey),
                diagnostic);
        }

        return Task.CompletedTask;
    }
}
