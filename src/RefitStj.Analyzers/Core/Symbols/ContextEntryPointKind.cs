namespace RefitStj.Analyzers.Core.Symbols;

/// <summary>How a Refit 16 call takes a <c>JsonSerializerContext</c>.</summary>
internal enum ContextEntryPointKind
{
    /// <summary><c>RestService.ForGenerated&lt;T&gt;(client|url, ctx[, bool])</c>: Refit's own serializer over the context.</summary>
    ForGenerated,

    /// <summary><c>RefitSettings.ForJsonContext(ctx[, bool])</c>: Refit's own serializer over the context.</summary>
    ForJsonContext,

    /// <summary><c>Add(Keyed)RefitGeneratedClient&lt;T&gt;</c> with a context and no settings action (or <c>null</c>): Refit's own serializer.</summary>
    Registration,

    /// <summary><c>settings.UseJsonContext(ctx[, bool])</c>: throws unless the settings' serializer is Refit's own.</summary>
    UseJsonContext,

    /// <summary><c>RestService.ForGenerated&lt;T&gt;(client|url, ctx, settings[, bool])</c>: the settings' <c>UseJsonContext</c>.</summary>
    ForGeneratedWithSettings,

    /// <summary><c>Add(Keyed)RefitGeneratedClient&lt;T&gt;</c> with a context and a settings action: the settings' <c>UseJsonContext</c>.</summary>
    RegistrationWithSettings,
}
